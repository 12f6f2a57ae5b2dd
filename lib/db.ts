import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

// One pool per process, shared by Prisma and the throttle store. Kept on globalThis so that
// Next's dev reloads do not open a new pool on every edit.
type DbHandles = { pool: pg.Pool; prisma: PrismaClient };
const globalForDb = globalThis as unknown as { __mailDb?: DbHandles };

function connect(): DbHandles {
  const pool = new pg.Pool({
    connectionString: env().DATABASE_URL,
    max: 10,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return { pool, prisma };
}

function handles(): DbHandles {
  globalForDb.__mailDb ??= connect();
  return globalForDb.__mailDb;
}

export function db(): PrismaClient {
  return handles().prisma;
}

export function pgPool(): pg.Pool {
  return handles().pool;
}

export async function closeDb(): Promise<void> {
  const h = globalForDb.__mailDb;
  globalForDb.__mailDb = undefined;
  if (h) {
    await h.prisma.$disconnect();
    await h.pool.end();
  }
}
