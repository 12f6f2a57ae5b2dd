import type { Page } from "@playwright/test";

// A stand-in for Stripe.js, served to the page in place of the real one, which this offline
// machine cannot fetch. It offers what Stripe's own libraries (@stripe/stripe-js's loadStripe,
// @stripe/react-stripe-js's EmbeddedCheckoutProvider) look for on the real one, and keeps the
// rules Stripe.js enforces:
// - `window.Stripe`, with `Stripe.version` naming its release: loadStripe resolves to nothing
//   without the global and warns, for a test key, when the release is not the one it pins;
// - `Stripe(publishableKey)` wants a pk_ key, and its object has `_registerWrapper` and
//   `registerAppInfo` (both libraries report themselves to Stripe.js through them), `elements`,
//   `createToken`, `createPaymentMethod` and `confirmCardPayment` (the providers take an object
//   for a Stripe instance only when it has these; this fake does not take card details, and
//   they throw if called), and `createEmbeddedCheckoutPage`;
// - `createEmbeddedCheckoutPage(options)` wants exactly one of `clientSecret` and
//   `fetchClientSecret`, allows one embedded checkout at a time, and resolves to an object with
//   `mount(element | selector)` (once at a time), `unmount()` (it may be mounted again) and
//   `destroy()` (it may not).
// Its mounted "form" has one Pay button: paying completes the session at the fake Stripe server
// (tests/support/fake-stripe.ts, /_test/complete), which sends the service its webhook, and the
// browser goes on to the session's return_url, as Stripe's embedded checkout redirects once paid.

/** The release @stripe/stripe-js 10 pins, and so loads; a new major moves it, and the API it serves may change with it. */
const RELEASE = "endive";
export const STRIPE_JS_URL = `https://js.stripe.com/${RELEASE}/stripe.js`;

function fakeStripeJsSource(fakeStripeOrigin: string): string {
  return `(() => {
  const fakeStripeOrigin = ${JSON.stringify(fakeStripeOrigin)};
  const calls = (window.__fakeStripe = { publishableKeys: [], clientSecrets: [], wrappers: [] });
  const integrationError = (message) => new Error("IntegrationError: " + message);
  const notInThisFake = (name) => () => {
    throw integrationError(name + "() is not offered by the fake Stripe.js");
  };
  let current = null;

  async function clientSecretOf(options) {
    const given = ["clientSecret", "fetchClientSecret"].filter((name) => options && options[name] != null);
    if (given.length !== 1) throw integrationError("createEmbeddedCheckoutPage needs one of clientSecret and fetchClientSecret");
    if (options.fetchClientSecret != null && typeof options.fetchClientSecret !== "function") throw integrationError("fetchClientSecret must be a function");
    const clientSecret = options.clientSecret ?? (await options.fetchClientSecret());
    const match = /^(cs_(test|live)_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(String(clientSecret));
    if (!match) throw integrationError("Invalid client secret: " + clientSecret);
    calls.clientSecrets.push(clientSecret);
    return { sessionId: match[1] };
  }

  function payForm(sessionId) {
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
    return form;
  }

  async function createEmbeddedCheckoutPage(options) {
    if (current) throw integrationError("You cannot have multiple Embedded Checkout objects.");
    const checkout = (current = { destroyed: false, element: null, form: null });
    let sessionId;
    try {
      ({ sessionId } = await clientSecretOf(options));
    } catch (err) {
      current = null;
      throw err;
    }
    return {
      mount(target) {
        if (checkout.destroyed) throw integrationError("This Embedded Checkout has been destroyed.");
        const element = typeof target === "string" ? document.querySelector(target) : target;
        if (!(element instanceof HTMLElement)) throw integrationError("mount() needs an element or a selector of one");
        if (checkout.element) throw integrationError("This Embedded Checkout is already mounted.");
        checkout.element = element;
        checkout.form ??= payForm(sessionId);
        element.append(checkout.form);
      },
      unmount() {
        if (checkout.destroyed) throw integrationError("This Embedded Checkout has been destroyed.");
        checkout.form?.remove();
        checkout.element = null;
      },
      destroy() {
        checkout.form?.remove();
        checkout.element = null;
        checkout.destroyed = true;
        if (current === checkout) current = null;
      },
    };
  }

  window.Stripe = function Stripe(publishableKey) {
    if (!/^pk_(test|live)_\\w+$/.test(String(publishableKey))) throw integrationError("Invalid API Key provided: " + publishableKey);
    calls.publishableKeys.push(publishableKey);
    return {
      _registerWrapper(wrapper) {
        calls.wrappers.push(wrapper.name);
      },
      registerAppInfo() {},
      elements: notInThisFake("elements"),
      createToken: notInThisFake("createToken"),
      createPaymentMethod: notInThisFake("createPaymentMethod"),
      confirmCardPayment: notInThisFake("confirmCardPayment"),
      createEmbeddedCheckoutPage,
    };
  };
  window.Stripe.version = ${JSON.stringify(RELEASE)};
})();`;
}

/** Serves the fake Stripe.js to `page`, talking to the fake Stripe server at `fakeStripeOrigin`. */
export async function serveFakeStripeJs(page: Page, fakeStripeOrigin: string): Promise<void> {
  await page.route(STRIPE_JS_URL, (route) => route.fulfill({ status: 200, contentType: "application/javascript; charset=utf-8", body: fakeStripeJsSource(fakeStripeOrigin) }));
}

type FakeStripeCalls = { publishableKeys: string[]; wrappers: string[] };
const callsOf = (page: Page) => page.evaluate(() => (window as unknown as { __fakeStripe?: FakeStripeCalls }).__fakeStripe ?? { publishableKeys: [], wrappers: [] });

/** The publishable keys the page has passed to `Stripe(...)` so far. */
export async function stripeJsPublishableKeys(page: Page): Promise<string[]> {
  return (await callsOf(page)).publishableKeys;
}

/** The libraries that have registered themselves with Stripe.js (`_registerWrapper`) so far. */
export async function stripeJsWrappers(page: Page): Promise<string[]> {
  return (await callsOf(page)).wrappers;
}
