import { expect, test } from "@playwright/test";

// Issue 18, item 14: no page of ours renders inside another site's frame (the cancel page
// there would invite clickjacking: "click here" over "Yes, cancel it"), nothing is sniffed into
// another type, and pages load scripts, frames and connections from our origin only.

const FRAMER = "http://framer.example.test";

test("the cancel page refuses to render in another site's frame, and renders on its own", async ({ page, baseURL }) => {
  const cancelUrl = `${baseURL}/cancel?token=cap_not_a_real_token`;
  await page.goto(cancelUrl);
  await expect(page.getByText("This cancel link is not valid")).toBeVisible();

  await page.route(`${FRAMER}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><title>framer</title><p>outer page</p><iframe id="victim" src="${cancelUrl}" width="600" height="400"></iframe>` }),
  );
  await page.goto(`${FRAMER}/`);
  await expect(page.getByText("outer page")).toBeVisible();
  // The browser fetched the cancel page and refused to show it: the frame holds its error page.
  const victim = page.frames().find((f) => f.parentFrame() === page.mainFrame());
  expect(victim).toBeDefined();
  await expect.poll(() => victim!.url(), { timeout: 10_000 }).toMatch(/^chrome-error:/);
  await expect(page.frameLocator("#victim").getByText("This cancel link is not valid")).toHaveCount(0);
});

test("pages and API routes send the headers that stop framing and sniffing", async ({ request }) => {
  for (const path of ["/", "/cancel", "/credits", "/docs/api", "/t/not-a-code", "/v1/health", "/v1/orders/ord_nope", "/healthz", "/readyz", "/metrics"]) {
    const res = await request.get(path);
    const headers = res.headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"], path).toContain("object-src 'none'");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    // Without Stripe configured the policy names no Stripe origin.
    expect(headers["content-security-policy"], path).not.toContain("stripe.com");
  }
});

test("a /v1 path with a trailing slash, and bare /v1, answer the envelope with a request id, not a redirect or an HTML page", async ({ request }) => {
  for (const path of ["/v1/orders/", "/v1/health/", "/v1/", "/v1"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
    expect(res.headers()["content-type"], path).toContain("application/json");
    expect(res.headers()["x-request-id"], path).toMatch(/^req_/);
    expect(await res.json(), path).toMatchObject({ status: "failed", code: "not_found" });
  }
  const trailing = await (await request.get("/v1/orders/", { maxRedirects: 0 })).json();
  expect(trailing.next[0]).toBe("Call /v1/orders instead.");
  const options = await request.fetch("/v1/health", { method: "OPTIONS" });
  expect(options.status()).toBe(200);
  expect(await options.json()).toEqual({ status: "ok", methods: ["GET", "OPTIONS"] });
  expect(options.headers()["x-request-id"]).toMatch(/^req_/);
});
