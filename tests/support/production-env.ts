// A production configuration for an API test file, with every outside service the tests need
// unreachable or faked: set it in vi.hoisted, before lib/env.ts is first read.
//   await vi.hoisted(async () => Object.assign(process.env, (await import("@/tests/support/production-env")).PRODUCTION_ENV));
export const PRODUCTION_ENV = {
  SERVICE_ENV: "production",
  SIGNING_SECRET: "production-test-signing-secret-0123456789abcdef",
  PUBLIC_BASE_URL: "https://mail.example.com",
  STRIPE_SECRET_KEY: "sk_test_unreachable000000000000000",
  STRIPE_WEBHOOK_SECRET: "whsec_unreachable000000000000000",
  STRIPE_API_BASE: "http://127.0.0.1:9",
  OUTBOUND_ALLOW_LOOPBACK: "0",
  SMTP_URL: "smtp://127.0.0.1:9",
  // Production verifies addresses with a real service: the fake Lob (tests/support/fake-lob.ts),
  // whose base the test sets once it listens (it is read when the first letter is verified).
  ADDRESS_VERIFIER: "lob",
  LOB_API_KEY: "test_fakelob00000000000000000000000",
};
