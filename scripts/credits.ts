// Credit codes from the command line (`npm run credits -- <command>`), for operators:
//   mint --face CENTS [--bonus CENTS] [--email ADDRESS] [--note TEXT]
//   show CODE
import "@/scripts/support/cli-database";
import { parseArgs } from "node:util";
import { closeDb } from "@/lib/db";
import { mintCredit, readCreditBalance } from "@/lib/payments/credits/credits";

const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: rest,
  allowPositionals: true,
  options: { face: { type: "string" }, bonus: { type: "string", default: "0" }, email: { type: "string" }, note: { type: "string" } },
});

const cents = (value: string | undefined, flag: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} must be a whole number of cents`);
  return n;
};

try {
  if (command === "mint") {
    const minted = await mintCredit({
      faceCents: cents(values.face, "--face"),
      bonusCents: cents(values.bonus, "--bonus"),
      source: "operator",
      email: values.email ?? null,
      note: values.note ?? "minted by an operator",
    });
    console.log(`Minted ${minted.code}: ${minted.faceCents}¢ face (until ${minted.faceExpiresAt.toISOString()}), ${minted.bonusCents}¢ bonus (until ${minted.bonusExpiresAt.toISOString()}).`);
  } else if (command === "show") {
    console.log(JSON.stringify(await readCreditBalance(positionals[0] ?? ""), null, 2));
  } else {
    console.log("Usage: npm run credits -- mint --face CENTS [--bonus CENTS] [--email ADDRESS] [--note TEXT]\n       npm run credits -- show CODE");
    process.exitCode = command ? 1 : 0;
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await closeDb();
}
