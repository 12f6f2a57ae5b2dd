import "dotenv/config";
import { defineConfig } from "prisma/config";

// Only the CLI reads this. `prisma generate` needs no database, so the URL may be absent.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "" },
});
