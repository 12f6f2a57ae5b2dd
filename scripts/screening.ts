// Screening from the command line (`npm run screening -- <command>`), for operators:
//   export-labels [--out FILE] [--since YYYY-MM-DD]
//       the review queue's releases and refusals as labelled letters in the corpus format
//       (tests/fixtures/screening), to standard output or FILE. Read them, take out personal
//       details, then add them to tests/fixtures/screening/train/ and run npm run screening:train.
import "@/scripts/support/cli-database";
import { writeFileSync } from "node:fs";
import { closeDb } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/queues";
import { exportLabels } from "@/lib/screening/export-labels";

const [command, ...args] = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

try {
  if (command === "export-labels") {
    const sinceText = option("--since");
    const since = sinceText ? new Date(`${sinceText}T00:00:00Z`) : undefined;
    if (since && Number.isNaN(since.getTime())) throw new Error(`--since must be a date like 2026-11-01, not ${sinceText}`);
    const letters = await exportLabels({ since });
    const json = `${JSON.stringify(letters, null, 2)}\n`;
    const out = option("--out");
    if (out) {
      writeFileSync(out, json);
      console.error(`${letters.length} labelled letters written to ${out} (${letters.filter((l) => l.label === "refuse").length} refused, ${letters.filter((l) => l.label === "allow").length} released).`);
    } else process.stdout.write(json);
  } else {
    console.log("Usage: npm run screening -- export-labels [--out FILE] [--since YYYY-MM-DD]");
    process.exitCode = command ? 1 : 0;
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await stopBoss();
  await closeDb();
}
