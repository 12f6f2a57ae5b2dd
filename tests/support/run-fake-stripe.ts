// Fake Stripe as a process of its own, for the browser tests (playwright.config.ts starts it):
// the service's STRIPE_API_BASE points at it, the fake Stripe.js in the page calls its
// /_test/complete hook when the customer pays, and it delivers the signed webhook events to
// the service. Run with `node --import tsx tests/support/run-fake-stripe.ts`.
import { startFakeStripe } from "./fake-stripe";

const port = Number(process.env.FAKE_STRIPE_PORT);
const webhookUrl = process.env.STRIPE_WEBHOOK_URL;
if (!Number.isInteger(port) || port <= 0 || !webhookUrl) {
  console.error("Set FAKE_STRIPE_PORT (the port to listen on) and STRIPE_WEBHOOK_URL (the service's /webhooks/stripe URL).");
  process.exit(2);
}

const fake = await startFakeStripe({ port, webhookUrl });
console.log(`Fake Stripe on ${fake.origin}; webhook events go to ${webhookUrl}`);
// Nothing to keep: it lives only as long as the test run.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(0));
