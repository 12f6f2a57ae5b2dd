import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layers of ARCHITECTURE.md, enforced: dependency-cruiser with the rules of
// .dependency-cruiser.cjs (an upward import between layers, a circle, a module of lib/ in no
// layer), as `npm run deps` runs it. None is allowed: the last of the imports that broke a rule
// when it was written went with issue 19's operations (lib/operations/).

const ROOT = process.cwd();
const CONFIG = path.join(ROOT, ".dependency-cruiser.cjs");
const BIN = path.join(ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");
const CODE = ["lib", "app", "components", "scripts"];

type Violation = { type: string; from: string; to: string; rule: { name: string } };

function violations(cwd: string, args: string[]): Violation[] {
  const run = spawnSync(process.execPath, [BIN, "--config", CONFIG, "--output-type", "json", ...args], { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (!run.stdout) throw new Error(`dependency-cruiser gave no answer: ${run.stderr}`);
  return JSON.parse(run.stdout).summary.violations;
}

const key = (v: Pick<Violation, "from" | "to" | "rule">) => `${v.rule.name}: ${v.from} -> ${v.to}`;

describe("the layers of ARCHITECTURE.md", () => {
  it("has no upward import, circle or module outside the layers", () => {
    expect(violations(ROOT, CODE).map(key)).toEqual([]);
  });

  it("fails on a planted upward import: the foundation importing from an operation", () => {
    const planted = violations(path.join(ROOT, "tests", "fixtures", "architecture", "upward"), ["lib"]);
    expect(planted.map(key)).toEqual(["no-upward-from-foundation: lib/ids.ts -> lib/http/answer.ts"]);
  });

  it("fails on a planted circle", () => {
    const planted = violations(path.join(ROOT, "tests", "fixtures", "architecture", "circle"), ["lib"]);
    expect(planted.map(key)).toEqual(["no-circular: lib/orders/first.ts -> lib/orders/second.ts"]);
  });
});
