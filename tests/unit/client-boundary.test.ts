import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Code that runs in the browser must never bundle a module that reads the environment or the
// database: a secret read there would be inlined as undefined at best, and shipped at worst.
// Next's `import "server-only"` marks such modules for its bundler alone, and throws when the
// worker, the CLIs or the tests (plain Node) import them; so the boundary is checked here
// instead, on the import graph: from every "use client" module, following every import that is
// not type-only and stopping at "use server" modules (server actions, which the bundler replaces
// with references), no module reading the environment or the database is reached.

const ROOT = process.cwd();
const BIN = path.join(ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");
/** What reads the environment or the database: the modules themselves and the generated client. */
const SERVER_ONLY = /^lib\/(env|db)\.ts$|^lib\/generated\/|^node:|^(fs|net|child_process)$/;

type Module = { source: string; dependencies: { resolved: string; dependencyTypes: string[] }[] };

/** Whether a module opens with the directive ("use client", "use server"). */
const opensWith = (cwd: string, file: string, directive: string) => {
  try {
    return readFileSync(path.join(cwd, file), "utf8").trimStart().startsWith(`"${directive}"`);
  } catch {
    return false;
  }
};

/** The client modules, and each server-only module they reach with the chain of imports that reaches it. */
function serverModulesInClientCode(cwd: string, dirs: string[]): { clientModules: number; reached: string[] } {
  const run = spawnSync(process.execPath, [BIN, "--no-config", "--ts-config", "tsconfig.json", "--ts-pre-compilation-deps", "--do-not-follow", "node_modules", "--output-type", "json", ...dirs], { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (!run.stdout) throw new Error(`dependency-cruiser gave no answer: ${run.stderr}`);
  const modules = (JSON.parse(run.stdout) as { modules: Module[] }).modules;
  const imports = new Map(modules.map((m) => [m.source, m.dependencies.filter((d) => !d.dependencyTypes.includes("type-only")).map((d) => d.resolved)]));
  const clientRoots = modules.map((m) => m.source).filter((s) => opensWith(cwd, s, "use client"));
  const from = new Map<string, string | null>(clientRoots.map((r) => [r, null]));
  const queue = [...clientRoots];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (opensWith(cwd, at, "use server")) continue;
    for (const next of imports.get(at) ?? []) if (!from.has(next)) (from.set(next, at), queue.push(next));
  }
  const reached = [...from.keys()].filter((m) => SERVER_ONLY.test(m)).map((m) => {
    const chain = [m];
    for (let at = from.get(m); at; at = from.get(at)) chain.unshift(at);
    return chain.join(" -> ");
  });
  return { clientModules: clientRoots.length, reached };
}

describe("the browser's side of the boundary", () => {
  it("bundles no module that reads the environment or the database", () => {
    const { clientModules, reached } = serverModulesInClientCode(ROOT, ["app", "components"]);
    expect(clientModules).toBeGreaterThanOrEqual(20);
    expect(reached).toEqual([]);
  });

  it("fails on a planted client component that reaches the environment", () => {
    const planted = serverModulesInClientCode(path.join(ROOT, "tests", "fixtures", "client-boundary"), ["components"]);
    expect(planted.reached).toEqual(["components/planted-form.tsx -> lib/price.ts -> lib/env.ts"]);
  });
});
