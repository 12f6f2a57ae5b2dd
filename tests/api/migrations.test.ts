import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pgPool } from "@/lib/db";
import { applyMigrations } from "@/lib/migrations/apply-migrations";

describe("migration runner", () => {
  it("records every migration in Prisma's _prisma_migrations table with Prisma's checksum", async () => {
    const { rows } = await pgPool().query(`SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`);
    const folders = readdirSync("prisma/migrations", { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    expect(rows.map((r) => r.migration_name)).toEqual(folders);
    for (const r of rows) {
      const sql = readFileSync(`prisma/migrations/${r.migration_name}/migration.sql`);
      expect(r.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(r.finished_at).not.toBeNull();
      expect(r.applied_steps_count).toBe(1);
    }
  });

  it("applies nothing twice, even from several instances starting at once", async () => {
    const reports = await Promise.all([1, 2, 3].map(() => applyMigrations(process.env.DATABASE_URL!)));
    for (const r of reports) expect(r.applied).toEqual([]);
  });
});
