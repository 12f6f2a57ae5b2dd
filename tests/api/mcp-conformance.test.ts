import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET, POST, DELETE } from "@/app/v1/mcp/route";
import { serveRoute } from "@/tests/support/serve-route";
import type { LocalServer } from "@/tests/support/local-http";

// The official MCP conformance suite (@modelcontextprotocol/conformance, which drives the 1.x SDK
// client) against /v1/mcp over HTTP: the server scenarios a tools-only server answers. The
// others need tools, resources or prompts of the suite's own (test_simple_text, ...), logging or
// completions, which this server does not offer; dns-rebinding-protection expects a localhost
// server to accept its own localhost Origin, where ours accepts PUBLIC_BASE_URL's
// (tests/api/mcp.test.ts covers that check).
const SCENARIOS = ["server-initialize", "ping", "tools-list"];

const CLI = path.join(path.dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/package.json")), "dist/index.js");
// On Node 20 the CLI needs a stand-in for fs.globSync (Node 22): see the shim.
const NODE20_SHIM = path.resolve("tests/support/conformance-node20-shim.mjs");

let server: LocalServer;
let results: string;

beforeAll(async () => {
  const methods: Record<string, (req: Request) => Promise<Response>> = { GET, POST, DELETE };
  server = await serveRoute("/v1/mcp", (req) => methods[req.method](req));
  results = await mkdtemp(path.join(tmpdir(), "mcp-conformance-"));
});
afterAll(async () => {
  await server.close();
  await rm(results, { recursive: true, force: true });
});

type Check = { id: string; status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED"; errorMessage?: string };

async function checksOf(dir: string): Promise<Check[]> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => path.basename(f) === "checks.json");
  return (await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8")) as Check[]))).flat();
}

describe("MCP conformance (official suite)", () => {
  for (const scenario of SCENARIOS) {
    it(`passes ${scenario}`, async () => {
      const out = await mkdtemp(path.join(results, `${scenario}-`));
      const args = ["--import", NODE20_SHIM, CLI, "server", "--url", `${server.origin}/v1/mcp`, "--scenario", scenario, "--output-dir", out];
      const run = await promisify(execFile)(process.execPath, args, { cwd: out }).catch((err: { code?: number; stdout?: string; stderr?: string }) => err);
      const checks = await checksOf(out);
      expect(checks.length, `${run.stdout}\n${run.stderr}`).toBeGreaterThan(0);
      const notPassed = checks.filter((c) => c.status !== "SUCCESS" && c.status !== "INFO").map((c) => `${c.id}: ${c.status} ${c.errorMessage ?? ""}`);
      expect(notPassed).toEqual([]);
      expect("code" in run ? run.code : 0, `${run.stdout}\n${run.stderr}`).toBe(0);
    }, 60_000);
  }
});
