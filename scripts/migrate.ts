// Applies the SQL migrations to DATABASE_URL (`npm run migrate`). start.ts does this at start.
import "dotenv/config";
import { applyMigrations } from "@/lib/migrations/apply-migrations";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set.");
  process.exit(1);
}
const report = await applyMigrations(url);
console.log(report.applied.length ? `Applied ${report.applied.join(", ")}.` : `Up to date (${report.alreadyApplied} migrations).`);
