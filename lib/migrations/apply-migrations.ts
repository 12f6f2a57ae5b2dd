import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { installQueues } from "@/lib/jobs/queues";

// Applies prisma/migrations/<name>/migration.sql in order and records each in Prisma's own
// `_prisma_migrations` table (same columns, same sha256 checksum of the file), so that
// `prisma migrate deploy` and `prisma migrate status` agree with us wherever they can run.
// A PostgreSQL advisory lock lets many instances start at once: one applies, the rest wait.
// The job queues (pg-boss) are installed with them.

const LOCK_ID = 727_073_690; // any constant shared by every instance of this service

export type MigrationReport = { applied: string[]; alreadyApplied: number };

/** Where the migrations this release ships are, relative to the folder the service runs in. */
export const defaultMigrationsDir = () => path.join(process.cwd(), "prisma", "migrations");

/**
 * The names of the migrations this release ships, in the order they apply. Read at run time from
 * the folder the service runs in (/readyz compares them with the database's), never bundled: the
 * comments keep Next's build from tracing the whole project into its output for this.
 */
export function shippedMigrations(dir = defaultMigrationsDir()): string[] {
  return readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(/*turbopackIgnore: true*/ path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
}

export async function applyMigrations(databaseUrl: string, dir = defaultMigrationsDir()): Promise<MigrationReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const { rows } = await client.query<{ migration_name: string; finished_at: Date | null }>(
      `SELECT migration_name, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const done = new Set(rows.filter((r) => r.finished_at).map((r) => r.migration_name));
    const failed = rows.filter((r) => !r.finished_at).map((r) => r.migration_name);
    if (failed.length) {
      throw new Error(`Migration ${failed[0]} failed earlier and was not rolled back; fix the database by hand, then mark it rolled back.`);
    }

    const applied: string[] = [];
    for (const name of shippedMigrations(dir)) {
      if (done.has(name)) continue;
      const sql = readFileSync(path.join(dir, name, "migration.sql"));
      const checksum = createHash("sha256").update(sql).digest("hex");
      const id = randomUUID();
      await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`, [id, checksum, name]);
      try {
        await client.query("BEGIN");
        await client.query(sql.toString("utf8"));
        await client.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        // Rolled back as a whole (PostgreSQL DDL is transactional), so the record is too.
        await client.query(`UPDATE "_prisma_migrations" SET rolled_back_at = now(), logs = $2 WHERE id = $1`, [id, String(err)]);
        throw new Error(`Migration ${name} failed and was rolled back: ${(err as Error).message}`);
      }
      applied.push(name);
    }
    // pg-boss keeps its own schema (pgboss) and versions it itself; the queues are ours.
    await installQueues(databaseUrl);
    return { applied, alreadyApplied: done.size };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => {});
    await client.end();
  }
}
