// The layers of ARCHITECTURE.md, bottom to top, as dependency-cruiser rules: a module may import
// from its own layer and the layers below it, never from a layer above, and no import may close
// a circle. `npm run deps` checks the code; tests/unit/architecture.test.ts runs the same check in
// `npm test`, and fails on any violation.

/** Bottom to top. Each layer: a name and the paths (regular expressions from the repository root) it holds. */
const LAYERS = [
  ["foundation", ["^lib/(ids|log|env|x402-networks)[.]ts$", "^lib/(errors|text|tokens|client|metrics)/"]],
  ["infrastructure and vocabulary", ["^lib/(db|db-unreachable)[.]ts$", "^lib/(embedded-db|migrations|generated|jobs|net|letters|csv|limits|monitoring)/"]],
  ["domain services", ["^lib/(auth|addresses|documents|screening|fulfillment)/"]],
  ["quotes and order state", ["^lib/(quotes|orders)/"]],
  ["payments, pipeline and messages", ["^lib/(payments|pipeline|notifications|tracking|reviews|feedback)/", "^lib/process-outages[.]ts$"]],
  ["operations: HTTP, MCP, pages", ["^lib/(http|mcp|openapi|ops|operations)/", "^app/", "^components/"]],
  ["composition roots", ["^scripts/", "^lib/worker/"]],
];

const anyOf = (paths) => paths.join("|");

const upward = LAYERS.slice(0, -1).map(([name, paths], i) => ({
  name: `no-upward-from-${name.replace(/[^a-z]+/g, "-")}`,
  comment: `The ${name} layer may import only from itself and the layers below it (ARCHITECTURE.md).`,
  severity: "error",
  from: { path: anyOf(paths) },
  to: { path: anyOf(LAYERS.slice(i + 1).flatMap(([, higher]) => higher)) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upward,
    {
      name: "no-circular",
      comment: "Modules that import each other, directly or through others, cannot be read or changed one at a time.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "every-module-in-a-layer",
      comment: "A module of lib/ that no layer holds has no place in ARCHITECTURE.md: add it to a layer.",
      severity: "error",
      from: { path: "^lib/", pathNot: anyOf(LAYERS.flatMap(([, paths]) => paths)) },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^lib/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
