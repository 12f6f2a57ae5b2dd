import type { Page } from "@playwright/test";

// A stand-in for Stripe.js v3 (https://js.stripe.com/v3/), served to the page in place of the
// real one, which this offline machine cannot fetch. It keeps the public API our checkout uses
// and the rules Stripe.js enforces on it: `Stripe(publishableKey)` wants a pk_ key;
// `initEmbeddedCheckout({ fetchClientSecret })` asks for the session's client secret and
// resolves to an object with `mount(element)` and `destroy()`; only one embedded checkout may
// exist at a time. Its mounted "form" has one Pay button: paying completes the session at the
// fake Stripe server (tests/support/fake-stripe.ts, /_test/complete), which sends the service
// its webhook, and the browser goes on to the session's return_url, as Stripe's embedded
// checkout redirects once paid.

export const STRIPE_JS_URL = "https://js.stripe.com/v3/";

function fakeStripeJsSource(fakeStripeOrigin: string): string {
  return `(() => {
  const fakeStripeOrigin = ${JSON.stringify(fakeStripeOrigin)};
  const calls = (window.__fakeStripe = { publishableKeys: [], clientSecrets: [] });
  let current = null;
  window.Stripe = function Stripe(publishableKey) {
    if (!/^pk_(test|live)_\\w+$/.test(String(publishableKey))) throw new Error("IntegrationError: Invalid API Key provided: " + publishableKey);
    calls.publishableKeys.push(publishableKey);
    return {
      async initEmbeddedCheckout(options) {
        if (!options || typeof options.fetchClientSecret !== "function") throw new Error("IntegrationError: initEmbeddedCheckout needs fetchClientSecret");
        if (current) throw new Error("IntegrationError: You cannot have multiple Embedded Checkout objects.");
        const checkout = (current = { destroyed: false, element: null });
        let clientSecret, match;
        try {
          clientSecret = await options.fetchClientSecret();
          match = /^(cs_(test|live)_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(String(clientSecret));
          if (!match) throw new Error("IntegrationError: Invalid client secret: " + clientSecret);
        } catch (err) {
          current = null;
          throw err;
        }
        calls.clientSecrets.push(clientSecret);
        const sessionId = match[1];
        return {
          mount(target) {
            const element = typeof target === "string" ? document.querySelector(target) : target;
            if (!(element instanceof HTMLElement)) throw new Error("IntegrationError: mount() needs an element");
            if (checkout.element) throw new Error("IntegrationError: This Embedded Checkout is already mounted.");
            checkout.element = element;
            const form = document.createElement("div");
            form.dataset.testid = "fake-stripe-form";
            const note = document.createElement("p");
            note.textContent = "Stripe test card form (a stand-in for Stripe's embedded checkout).";
            const pay = document.createElement("button");
            pay.type = "button";
            pay.textContent = "Pay";
            const status = document.createElement("p");
            status.setAttribute("role", "status");
            pay.addEventListener("click", async () => {
              pay.disabled = true;
              const res = await fetch(fakeStripeOrigin + "/_test/complete/" + encodeURIComponent(sessionId), { method: "POST" });
              const body = await res.json();
              if (!res.ok) {
                status.textContent = "Payment failed: " + body.error;
                pay.disabled = false;
                return;
              }
              window.location.assign(body.return_url);
            });
            form.append(note, pay, status);
            element.append(form);
          },
          destroy() {
            checkout.element?.replaceChildren();
            checkout.destroyed = true;
            if (current === checkout) current = null;
          },
        };
      },
    };
  };
})();`;
}

/** Serves the fake Stripe.js to `page`, talking to the fake Stripe server at `fakeStripeOrigin`. */
export async function serveFakeStripeJs(page: Page, fakeStripeOrigin: string): Promise<void> {
  await page.route(STRIPE_JS_URL, (route) => route.fulfill({ status: 200, contentType: "application/javascript; charset=utf-8", body: fakeStripeJsSource(fakeStripeOrigin) }));
}

/** The publishable keys the page has passed to `Stripe(...)` so far. */
export async function stripeJsPublishableKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __fakeStripe?: { publishableKeys: string[] } }).__fakeStripe?.publishableKeys ?? []);
}
