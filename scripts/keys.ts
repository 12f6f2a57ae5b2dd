// API keys from the command line (`npm run keys -- <command>`):
//   issue --mode live|test --label "who" [--scopes mail:quote,mail:read]
//   list
//   disable <key id>
import "@/scripts/support/cli-database";
import { parseArgs } from "node:util";
import { disableApiKey, issueApiKey, listApiKeys } from "@/lib/auth/api-keys";
import { SCOPES } from "@/lib/auth/scopes";
import { closeDb } from "@/lib/db";

const USAGE = `Usage: npm run keys -- issue --mode live|test --label TEXT [--scopes ${SCOPES.join(",")}]\n       npm run keys -- list\n       npm run keys -- disable KEY_ID`;

const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = readArgs(rest);

/** The command's options, or the usage and exit 1 for an option it does not take (--help included). */
function readArgs(args: string[]) {
  try {
    return parseArgs({ args, allowPositionals: true, options: { mode: { type: "string", default: "live" }, label: { type: "string" }, scopes: { type: "string" } } });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    process.exit(1);
  }
}

try {
  if (command === "issue") {
    if (values.mode !== "live" && values.mode !== "test") throw new Error("--mode must be live or test");
    if (!values.label) throw new Error("--label is required: say who or what the key is for");
    const scopes = values.scopes ? values.scopes.split(",").map((s) => s.trim()).filter(Boolean) : [];
    const issued = await issueApiKey({ mode: values.mode, label: values.label, scopes });
    console.log(`Issued ${issued.id} (${issued.mode}, scopes: ${issued.scopes.length ? issued.scopes.join(", ") : "all"}).`);
    console.log(`Key (shown once, store it now): ${issued.key}`);
  } else if (command === "list") {
    for (const k of await listApiKeys()) {
      const state = k.disabledAt ? `disabled ${k.disabledAt.toISOString()}` : "active";
      console.log(`${k.id}  ${k.mode}  …${k.hint}  ${state}  scopes=${k.scopes.length ? k.scopes.join(",") : "all"}  "${k.label}"  last used ${k.lastUsedAt?.toISOString() ?? "never"}`);
    }
  } else if (command === "disable") {
    const id = positionals[0];
    if (!id) throw new Error("give the key id to disable (see `list`)");
    console.log((await disableApiKey(id)) ? `Disabled ${id}.` : `No active key ${id}.`);
  } else {
    console.log(USAGE);
    process.exitCode = command ? 1 : 0;
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await closeDb();
}
