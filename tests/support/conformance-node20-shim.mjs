// Loaded with `node --import` in front of the @modelcontextprotocol/conformance CLI (see
// tests/api/mcp-conformance.test.ts). The CLI imports `globSync` from "fs", which Node 22 added;
// on Node 20 that import fails before any scenario runs. The CLI calls it only to summarise
// result folders (its tier-check command), which the tests never run, so the CLI's "fs" gets a
// stand-in that says so. On Node 22 and later nothing is changed.
import fs from "node:fs";
import { register } from "node:module";

const FS_WITH_GLOB_STUB = [
  'export * from "node:fs";',
  'export { default } from "node:fs";',
  'export function globSync() { throw new Error("fs.globSync needs Node 22; the conformance tests do not use it"); }',
].join("\n");

const HOOKS = `
export async function resolve(specifier, context, nextResolve) {
  if ((specifier === "fs" || specifier === "node:fs") && context.parentURL?.includes("/@modelcontextprotocol/conformance/")) {
    return { url: "data:text/javascript," + encodeURIComponent(${JSON.stringify(FS_WITH_GLOB_STUB)}), shortCircuit: true };
  }
  return nextResolve(specifier, context);
}`;

if (!("globSync" in fs)) register("data:text/javascript," + encodeURIComponent(HOOKS));
