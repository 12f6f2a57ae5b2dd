// HTTP helpers of the benchmark: JSON posts, and confirmation tokens minted ahead of a run.

export const JSON_HEADERS = { "content-type": "application/json" };
export const MINT_CONCURRENCY = 20;

export async function postJson(url: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: "POST", headers: { ...JSON_HEADERS, ...headers }, body, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

export async function quote(baseUrl: string, letterJson: string): Promise<string> {
  const r = await postJson(`${baseUrl}/v1/quotes`, letterJson);
  if (r.status !== 200 || typeof r.json?.confirmation_token !== "string") {
    throw new Error(`POST /v1/quotes answered ${r.status}: ${r.text.slice(0, 500)}`);
  }
  return r.json.confirmation_token;
}

/** Quotes `n` copies of a letter, MINT_CONCURRENCY at a time, and returns their confirmation tokens. */
export async function mintTokens(baseUrl: string, n: number, letterJson: string): Promise<string[]> {
  const tokens: string[] = [];
  const failures: string[] = [];
  let next = 0;
  const started = Date.now();
  let lastReport = started;
  const worker = async () => {
    while (next < n && failures.length < 10) {
      next++;
      try {
        tokens.push(await quote(baseUrl, letterJson));
      } catch (err) {
        failures.push((err as Error).message);
      }
      if (Date.now() - lastReport > 5_000) {
        lastReport = Date.now();
        process.stdout.write(`  ... ${tokens.length}/${n} tokens\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: MINT_CONCURRENCY }, worker));
  if (failures.length) throw new Error(`minting confirmation tokens failed ${failures.length} time(s); first: ${failures[0]}`);
  console.log(`Minted ${tokens.length} confirmation tokens in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return tokens;
}
