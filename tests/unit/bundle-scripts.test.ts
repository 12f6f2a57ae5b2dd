import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Address } from "@/lib/letters/schemas";
import { BUILD_RECORD, BUNDLES, bundleScripts, type BuildRecord, type BundleReport } from "@/scripts/support/bundle-scripts";
import { validPdf } from "@/tests/support/pdfs";

// `npm run build` compiles our processes and CLIs (scripts/support/bundle-scripts.ts) so that
// production runs JavaScript, never tsx. Here: every bundle is made, loads under plain Node (no
// tsx, no "@/" left, every package it imports found by Node's own resolution) and runs; and
// `npm start` without a build says what to do (scripts/check-build.mjs). The whole service from
// its bundles, with no tsx in its process tree, is tests/e2e/compiled-start.spec.ts (it needs
// `next build`, which the browser tier makes).

const ROOT = process.cwd();
const CHECK = path.join(ROOT, "scripts", "check-build.mjs");
let outdir: string;
let report: BundleReport;

beforeAll(async () => {
  // Inside the checkout: a bundle finds its packages in the node_modules above it.
  mkdirSync(path.join(ROOT, ".data"), { recursive: true });
  outdir = mkdtempSync(path.join(ROOT, ".data", "bundle-test-"));
  report = await bundleScripts(ROOT, outdir);
}, 60_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const node = (args: string[], cwd = ROOT, env: NodeJS.ProcessEnv = process.env) => spawnSync(process.execPath, args, { cwd, env, encoding: "utf8", timeout: 30_000 });

describe("the bundles of npm run build", () => {
  it("are made for every process and CLI, each with its source map and the record of what it was built from", () => {
    for (const name of Object.keys(BUNDLES)) {
      expect(existsSync(path.join(outdir, `${name}.js`)), name).toBe(true);
      expect(existsSync(path.join(outdir, `${name}.js.map`)), name).toBe(true);
    }
    const record = JSON.parse(readFileSync(path.join(outdir, BUILD_RECORD), "utf8")) as BuildRecord;
    expect(record.bundles).toEqual(BUNDLES);
    expect(record.inputs).toEqual(expect.arrayContaining(["scripts/start.ts", "lib/env.ts", "lib/documents/pdf-sandbox-worker.ts"]));
    expect(record.inputs.some((f) => f.startsWith("node_modules/"))).toBe(false);
  });

  it("leave packages in node_modules, never import tsx, and import only what plain Node resolves", () => {
    expect(report.externals).toContain("next");
    expect(report.externals).toContain("@prisma/client/runtime/client");
    expect(report.externals.filter((p) => p === "tsx" || p.startsWith("tsx/") || p.startsWith("@/") || p.startsWith("."))).toEqual([]);
    // Node's resolution, as a bundle in outdir meets it (tsx is more lenient: an extensionless
    // path into a package without an exports map loads through tsx and fails here).
    const probe = `const failed = []; for (const s of ${JSON.stringify(report.externals)}) { try { import.meta.resolve(s); } catch (e) { failed.push(s + ": " + e.message); } } console.log(JSON.stringify(failed));`;
    const run = node(["--input-type=module", "-e", probe], outdir);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual([]);
  });

  it("run under plain Node: each CLI loads all it imports and answers its usage", () => {
    const env = { ...process.env, DATABASE_URL: "" };
    for (const cli of ["keys", "credits", "orders", "screening"]) {
      const run = node(["--enable-source-maps", path.join(outdir, `${cli}.js`)], ROOT, env);
      expect(run.stderr, cli).toBe("");
      expect(run.stdout, cli).toMatch(new RegExp(`^Usage: npm run ${cli} -- `));
      expect(run.status, cli).toBe(0);
    }
    const migrate = node([path.join(outdir, "migrate.js")], ROOT, env);
    expect([migrate.status, migrate.stderr.trim()]).toEqual([1, "DATABASE_URL is not set."]);
  });

  it("take well under a few seconds to make", () => {
    expect(report.milliseconds).toBeLessThan(10_000);
  });
});

describe("the PDF sandbox of a compiled web server (PDF_SANDBOX_BUNDLE, set by scripts/support/compiled.ts)", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });
  const address: Address = { name: "Ada Lovelace", line1: "12 Main St", line2: undefined, city: "ALBANY", state: "NY", zip: "12207", country: "US" };
  /** pdf-sandbox.ts afresh (its own pool of threads), reading `bundle` in its threads. */
  const sandboxRunning = async (bundle: string) => {
    process.env = { ...saved, DATABASE_URL: "postgresql://x@127.0.0.1/x", PDF_SANDBOX_BUNDLE: bundle };
    vi.resetModules();
    return (await import("@/lib/documents/pdf-sandbox")).composeSendersPdf;
  };

  it("runs the bundle it names in its threads, not the TypeScript through tsx", async () => {
    const stub = path.join(outdir, "stub-sandbox.js");
    writeFileSync(stub, `import { parentPort } from "node:worker_threads";
parentPort.on("message", (job) => parentPort.postMessage({ id: job.id, ok: false, error: { code: "invalid_pdf", message: "read by the stub", next: [] } }));`);
    const compose = await sandboxRunning(stub);
    await expect(compose({ bytes: await validPdf(1), origin: "The PDF", format: "letter", from: address, to: address })).rejects.toMatchObject({ code: "invalid_pdf", message: "read by the stub" });
  });

  it("reads a sender's PDF with the sandbox's own bundle", async () => {
    const compose = await sandboxRunning(path.join(outdir, "pdf-sandbox-worker.js"));
    const composed = await compose({ bytes: await validPdf(2), origin: "The PDF", format: "letter", from: address, to: address });
    expect(composed.pageCount).toBeGreaterThanOrEqual(2);
    expect(Buffer.from(composed.pdf).subarray(0, 5).toString()).toBe("%PDF-");
  }, 30_000);
});

describe("npm start and the CLIs before a build (scripts/check-build.mjs)", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "mail-check-build-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("stop with what to do, not a stack trace, when nothing was built", () => {
    const run = node([CHECK, "--next"], scratch);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe("No compiled scripts (dist/build.json is missing): run npm run build first.");
  });

  it("stop when a bundle or the Next.js build is missing", () => {
    mkdirSync(path.join(scratch, "dist"), { recursive: true });
    writeFileSync(path.join(scratch, "code.ts"), "");
    writeFileSync(path.join(scratch, "dist", BUILD_RECORD), JSON.stringify({ bundles: { start: "code.ts" }, inputs: ["code.ts"] } satisfies BuildRecord));
    expect(node([CHECK], scratch).stderr.trim()).toBe("dist/start.js is missing: run npm run build first.");
    writeFileSync(path.join(scratch, "dist", "start.js"), "");
    const withoutNext = node([CHECK, "--next"], scratch, { ...process.env, NEXT_DIST_DIR: "" });
    expect([withoutNext.status, withoutNext.stderr.trim()]).toEqual([1, "No Next.js build (.next/BUILD_ID is missing): run npm run build first."]);
    const ok = node([CHECK], scratch);
    expect([ok.status, ok.stderr]).toEqual([0, ""]);
  });

  it("go on with a warning when the code changed after the build", () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(scratch, "code.ts"), later, later);
    const run = node([CHECK], scratch);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/^Warning: code\.ts changed since dist\/ was built; .* Run npm run build to run your changes\.\n$/);
  });
});
