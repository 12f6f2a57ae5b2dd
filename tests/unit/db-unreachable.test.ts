import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "@/lib/db-unreachable";

// What a PostgreSQL restart looks like to the service, as node-postgres, pg-boss and Prisma 7's
// pg adapter reported it in the restart test (tests/e2e/database-restart.spec.ts): each is an
// outage to answer with a 503 and wait out, never a 500 or a crash.
describe("a database outage, recognised", () => {
  it("reads PostgreSQL's shutdown and start-up codes, the socket's, and Prisma's", () => {
    for (const code of ["57P01", "57P03", "ECONNREFUSED", "ECONNRESET", "P1001", "P1017", "P2039", "08006"]) expect(isDatabaseUnreachable(Object.assign(new Error("x"), { code })), code).toBe(true);
  });

  it("finds it under Prisma's wrapping: a driver adapter error whose cause is the server's", () => {
    const pgError = Object.assign(new Error("the database system is shutting down"), { code: "57P03", severity: "FATAL" });
    const prisma = Object.assign(new Error("Invalid `prisma.order.findUnique()` invocation"), { code: "P2039", cause: Object.assign(new Error("DriverAdapterError"), { cause: pgError }) });
    expect(isDatabaseUnreachable(prisma)).toBe(true);
    expect(isDatabaseUnreachable({ cause: { kind: "DatabaseNotReachable" } })).toBe(true);
    expect(isDatabaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("leaves every other failure alone: a constraint, a bad query, a bug", () => {
    expect(isDatabaseUnreachable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error("Unique constraint failed"), { code: "P2002" }))).toBe(false);
    expect(isDatabaseUnreachable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });
});
