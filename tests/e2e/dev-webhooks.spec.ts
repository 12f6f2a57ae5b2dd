import { expect, test } from "@playwright/test";
import { sendSandboxLetter } from "./support/letters";
import { checkPage } from "./support/page-checks";

// Webhooks on a laptop (issue 21.2): a sandbox letter whose webhook_url is the service's own
// development inbox. The service here runs as `npm start` runs it on a laptop (SERVICE_ENV unset:
// development), so the loopback URL is accepted, the worker beside it delivers every status
// change there, and /dev/webhooks shows each one with its signature verified.

test("a sandbox letter's webhooks land in the development inbox, each with its signature verified", async ({ page, request }, testInfo) => {
  // The letter's walk to delivered, then the page checks (axe, two screenshots).
  test.setTimeout(120_000);
  await page.goto("/dev/webhooks");
  await expect(page.getByRole("heading", { name: "Development webhook inbox", level: 1 })).toBeVisible();
  const inboxUrl = (await page.getByTestId("inbox-url").innerText()).trim();
  expect(inboxUrl).toBe(`${testInfo.project.use.baseURL}/dev/webhooks/inbox`);

  const order = await sendSandboxLetter(request, { webhook_url: inboxUrl });
  expect(order.webhook_secret).toMatch(/^whsec_/);
  const id: string = order.order.id;
  const mine = page.locator(`[data-testid="inbox-message"][data-order="${id}"]`);

  // The worker sends each message as the sandbox carrier moves the letter along.
  const statuses = ["order.screening", "order.submitted", "order.mailed", "order.delivered"];
  await expect(async () => {
    await page.goto("/dev/webhooks");
    for (const type of statuses) await expect(mine.filter({ has: page.getByRole("heading", { name: type, exact: true }) })).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 45_000, intervals: [1_000] });

  // Every message of the letter verifies against its webhook_secret; none is refused.
  const verdicts = await mine.getByTestId("verdict").allInnerTexts();
  expect(verdicts.length).toBeGreaterThanOrEqual(statuses.length);
  for (const v of verdicts) expect(v.replace(/^✓\s*/, "")).toBe("Signature verified");

  // Newest first: delivered above mailed above screening.
  const headings = await mine.getByRole("heading", { level: 2 }).allInnerTexts();
  const at = (type: string) => headings.indexOf(type);
  expect(at("order.delivered")).toBeLessThan(at("order.mailed"));
  expect(at("order.mailed")).toBeLessThan(at("order.screening"));

  // Its headers and its body, indented, as received.
  const delivered = mine.filter({ has: page.getByRole("heading", { name: "order.delivered", exact: true }) });
  await delivered.getByText("Headers", { exact: false }).click();
  await expect(delivered.getByText("webhook-signature", { exact: true })).toBeVisible();
  await delivered.getByText("Body", { exact: true }).click();
  const body = await delivered.getByTestId("inbox-body").innerText();
  expect(JSON.parse(body)).toMatchObject({ type: "order.delivered", data: { order: { id, status: "delivered" } } });
  expect(body).toContain('\n  "type": "order.delivered"');

  // The same messages, delivered, in the order's own log.
  // (The inbox keeps a message before its sender records the answer: ask until it has.)
  const states = async () => {
    const read = await (await request.get(`/v1/orders/${id}`)).json();
    return read.webhook_deliveries.filter((d: { type: string }) => statuses.includes(d.type)).map((d: { state: string }) => d.state);
  };
  await expect.poll(states, { timeout: 10_000 }).toEqual(statuses.map(() => "delivered"));

  await checkPage(page, testInfo, "dev-webhooks");
});
