import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { bundleScripts } from "@/scripts/support/bundle-scripts";
import { validPdf } from "@/tests/support/pdfs";
import { letter } from "./support/letters";
import { startOwnService } from "./support/own-service";

// Production runs compiled JavaScript: `npm start` after `npm run build` is the launcher's bundle
// (dist/start.js), which runs the web server's and the worker's bundles. Here the bundles are
// made afresh (as `npm run build` makes them, beside the checkout's node_modules) and the whole
// service runs from them: nothing in its process tree is tsx, it serves, the worker moves a
// letter on, and a sender's PDF is read by the sandbox's bundle. (The bundle step alone, the
// CLIs and the message without a build: tests/unit/bundle-scripts.test.ts.)

/** Every process under `root`, with its command line. */
function processTree(root: number): { pid: number; args: string }[] {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] }));
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (tree.has(r.ppid) && !tree.has(r.pid)) grew = Boolean(tree.add(r.pid));
  }
  return rows.filter((r) => tree.has(r.pid)).map(({ pid, args }) => ({ pid, args }));
}

test("npm start's bundles: the launcher, web server and worker run compiled, with no tsx in their process tree", async () => {
  test.setTimeout(180_000);
  mkdirSync(path.join(process.cwd(), ".data"), { recursive: true });
  const dist = mkdtempSync(path.join(process.cwd(), ".data", "compiled-"));
  const dir = mkdtempSync(path.join(tmpdir(), "mail-compiled-"));
  chmodSync(dir, 0o777); // postgres runs as its own OS user when we are root
  try {
    await bundleScripts(process.cwd(), dist);
    const own = await startOwnService(path.join(dir, "data"), {}, [path.join(dist, "start.js")]);
    try {
      const tree = processTree(own.process.pid!);
      expect(tree.filter((p) => /tsx/.test(p.args)), "processes running tsx").toEqual([]);
      // The launcher, then the web server and the worker it started, each from its bundle (without
      // --enable-source-maps, which costs each about 90 MB: scripts/start.ts).
      const bundles = tree.filter((p) => p.args.includes(path.relative(process.cwd(), dist)));
      expect(bundles.map((p) => p.args.replace(/^\S+/, "node").replace(/\S*\/compiled-\w+\//, "dist/")).sort()).toEqual([
        "node dist/start.js",
        "node dist/web.js",
        "node dist/worker.js",
      ]);

      // A sandbox letter: the web server takes it, the worker's carrier steps move it on.
      const body = letter();
      const quote = await (await fetch(`${own.base}/v1/quotes`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
      const created = await fetch(`${own.base}/v1/orders`, { method: "POST", headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() }, body: JSON.stringify({ ...body, confirmation_token: quote.confirmation_token }) });
      expect(created.status).toBe(201);
      const { order } = await created.json();
      expect(order.status).toBe("submitted");
      await expect.poll(async () => (await (await fetch(`${own.base}/v1/orders/${order.id}`)).json()).order.status, { timeout: 30_000 }).toMatch(/^(mailed|delivered)$/);

      // A sender's PDF, read in a sandbox thread from the sandbox's bundle.
      const pdf = (await validPdf(2)).toString("base64");
      const pdfQuote = await fetch(`${own.base}/v1/quotes`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(letter({ text: undefined, pdf_base64: pdf })) });
      expect(pdfQuote.status, await pdfQuote.clone().text()).toBe(200);
    } finally {
      await own.stop();
    }
    expect(own.exitCode()).toBe(0);
  } finally {
    rmSync(dist, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
});
