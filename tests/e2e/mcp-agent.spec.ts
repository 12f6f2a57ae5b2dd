import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

// An agent on the official MCP client against the running service (next start, the worker
// beside it): quote, send in the sandbox, and follow the letter until the carrier delivers it.
test("an MCP agent quotes, sends and follows a sandbox letter to delivered", async ({ baseURL }) => {
  const client = new Client({ name: "e2e-agent", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseURL}/v1/mcp`)));
  try {
    const letter = {
      mail_class: "first_class",
      to: { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" },
      from: { name: "Charles Babbage", line1: "1 Engine Row", city: "Troy", state: "NY", zip: "12180" },
      text: "Dear Ada,\n\nSent by an agent.\n\nCharles",
      sandbox: true,
    };
    const quote = await client.callTool({ name: "quote_letter", arguments: letter });
    const q = quote.structuredContent as { confirmation_token: string; quote: { price_cents: number } };
    expect(q.quote.price_cents).toBe(99);
    const sent = await client.callTool({ name: "send_letter", arguments: { ...letter, confirmation_token: q.confirmation_token, idempotency_key: randomUUID() } });
    expect(sent.isError).toBeFalsy();
    const orderId = (sent.structuredContent as { order: { id: string } }).order.id;
    await expect
      .poll(async () => ((await client.callTool({ name: "get_letter_status", arguments: { id: orderId } })).structuredContent as { order: { status: string } }).order.status, {
        timeout: 30_000,
        intervals: [1_000],
      })
      .toBe("delivered");
  } finally {
    await client.close();
  }
});

test.describe("the service describes itself", () => {
  test.use({ javaScriptEnabled: false });

  test("/llms.txt, the OpenAPI document and the API reference page are served with this deployment's URLs", async ({ page, request, baseURL }) => {
    const llms = await (await request.get("/llms.txt")).text();
    expect(llms).toContain(`${baseURL}/v1/openapi.json`);
    expect(llms).toContain(`${baseURL}/v1/mcp`);
    const doc = await (await request.get("/v1/openapi.json")).json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers[0].url).toBe(baseURL);

    // The reference is a page per operation: the front page and the largest operation stay light
    // (one page for everything was 790 KB of HTML with 4,700 elements).
    for (const [path, budget] of [["/docs/api", 80_000], ["/docs/api/sendLetter", 200_000]] as const) {
      const html = await (await request.get(path)).text();
      expect(html.length, path).toBeLessThan(budget);
    }
    await page.goto("/docs/api");
    await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
    // Each operation has a page of its own; its error codes link to the catalogue's page.
    await page.getByRole("link", { name: /^POST \/v1\/orders: / }).click();
    await expect(page).toHaveURL(/\/docs\/api\/sendLetter$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/POST\s*\/v1\/orders/);
    await page.getByRole("link", { name: "confirmation_required" }).first().click();
    await expect(page).toHaveURL(/\/docs\/api\/errors#error-confirmation_required$/);
    await expect(page.getByRole("heading", { name: "Error codes", level: 1 })).toBeVisible();
    // A link to the old single page's anchor still lands on the operation's entry.
    await page.goto("/docs/api#quoteLetter");
    await expect(page.locator("#quoteLetter").getByRole("link")).toHaveAttribute("href", "/docs/api/quoteLetter");
  });
});
