// Run by `npm start`, `npm run worker` and the CLIs before the bundle they run (dist/, made by
// `npm run build`): without a build they stop with what to do, not Node's module-not-found stack;
// with one older than the code it was built from, they say so and go on. Plain JavaScript: it
// runs before anything is compiled. `--next`: the web server's Next.js build is needed too.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const dist = path.resolve("dist");
const record = path.join(dist, "build.json");
const notBuilt = (what) => {
  console.error(`${what}: run npm run build first.`);
  process.exit(1);
};

if (!existsSync(record)) notBuilt("No compiled scripts (dist/build.json is missing)");
const { bundles, inputs } = JSON.parse(readFileSync(record, "utf8"));
for (const name of Object.keys(bundles)) if (!existsSync(path.join(dist, `${name}.js`))) notBuilt(`dist/${name}.js is missing`);
if (process.argv.includes("--next")) {
  const nextDir = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(path.join(nextDir, "BUILD_ID"))) notBuilt(`No Next.js build (${nextDir}/BUILD_ID is missing)`);
}

const builtAt = statSync(record).mtimeMs;
const newer = inputs.filter((file) => (existsSync(file) ? statSync(file).mtimeMs : Infinity) > builtAt);
if (newer.length) {
  const more = newer.length > 1 ? ` and ${newer.length - 1} more` : "";
  console.error(`Warning: ${newer[0]}${more} changed since dist/ was built; this runs the code as it was then. Run npm run build to run your changes.`);
}
