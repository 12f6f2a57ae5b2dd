// The ports of one browser-test run, all derived from E2E_PORT so that runs on one machine
// keep apart (leave at least 4 between two runs' E2E_PORT): the service on E2E_PORT, the
// service configured for Stripe on +2, the fake Stripe it talks to on +3. Each service's
// embedded PostgreSQL listens 10,000 above it.
export function e2ePorts(env: Record<string, string | undefined> = process.env) {
  const app = Number(env.E2E_PORT ?? 3100);
  return { app, stripeApp: app + 2, fakeStripe: app + 3 };
}
