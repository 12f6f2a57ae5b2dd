import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, type JsonObject } from "@/lib/openapi/build-openapi-document";
import { CLIENT_TYPES_FILE, renderClientTypes } from "@/scripts/support/render-client-types";
import type { CodeSample } from "@/lib/openapi/code-samples";

// The typed client (lib/client) is generated from the OpenAPI document; it must never drift from
// it, and the samples the document and the reference pages show must work with it as written.

const doc = buildOpenApiDocument({ baseUrl: "https://mail.example" });
const samples = Object.entries(doc.paths).flatMap(([p, methods]) =>
  Object.entries(methods).flatMap(([method, op]) => ((op as JsonObject)["x-codeSamples"] as CodeSample[] | undefined)?.map((s) => ({ ...s, name: `${method.toUpperCase()} ${p}` })) ?? []),
);

describe("the typed client", () => {
  it("is generated from the OpenAPI document as it is now (run `npm run client:generate` after changing an operation)", async () => {
    expect(readFileSync(CLIENT_TYPES_FILE, "utf8") === (await renderClientTypes()), `${CLIENT_TYPES_FILE} is stale: run npm run client:generate`).toBe(true);
  });

  it("has curl, TypeScript and Python samples for every operation a person calls", () => {
    const operations = new Set(samples.map((s) => s.name));
    expect(operations.size).toBeGreaterThanOrEqual(20);
    for (const name of operations) expect(samples.filter((s) => s.name === name).map((s) => s.label), name).toEqual(["curl", "TypeScript (typed client)", "Python (requests)"]);
  });

  it("compiles every TypeScript sample, and the README's, as written, against the client", () => {
    // In a folder of the checkout, so that the samples' import of the client resolves as in the repository.
    const dir = mkdtempSync(path.join(process.cwd(), ".samples-"));
    try {
      // The README's TypeScript, too: each block that uses the client.
      const readme = [...readFileSync("README.md", "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]).filter((code) => code.includes("createMailClient"));
      expect(readme.length).toBeGreaterThanOrEqual(1);
      const ts = [...samples.filter((s) => s.lang === "TypeScript"), ...readme.map((source, i) => ({ name: `README block ${i + 1}`, source }))];
      ts.forEach((s, i) => writeFileSync(path.join(dir, `sample-${i}.ts`), s.source.replace('"./lib/client/mail-client"', '"../lib/client/mail-client"')));
      writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ extends: "../tsconfig.json", include: ["*.ts"], compilerOptions: { noEmit: true, incremental: false } }));
      const run = spawnSync(process.execPath, [path.join("node_modules", "typescript", "bin", "tsc"), "-p", dir], { encoding: "utf8" });
      const named = run.stdout.replace(/sample-(\d+)\.ts/g, (_, i: string) => ts[Number(i)].name);
      expect(named, "TypeScript samples that do not compile").toBe("");
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("writes Python samples Python can read", (ctx) => {
    if (spawnSync("python3", ["--version"]).status !== 0) ctx.skip(); // no Python on this machine: the samples are still checked wherever there is one
    // One Python for all the samples: each is parsed, and those that do not parse are named.
    const python = samples.filter((x) => x.lang === "Python");
    const check = "import ast, json, sys\nfor name, source in json.load(sys.stdin):\n    try: ast.parse(source)\n    except SyntaxError as e: print(name, e)";
    const parse = spawnSync("python3", ["-c", check], { input: JSON.stringify(python.map((x) => [x.name, x.source])), encoding: "utf8" });
    expect(parse.stdout + parse.stderr, "Python samples that do not parse").toBe("");
  }, 30_000);
});
