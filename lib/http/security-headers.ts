// Headers every response of the web process carries: no page of ours may be framed by another
// site (the cancel and pay pages would otherwise invite clickjacking), no response is sniffed
// into another type, referrers leave only our origin, and scripts, frames and connections come
// from our origin, plus Stripe's when Stripe's embedded checkout is configured. Stripe's go on
// every page then, not only /pay/order/{id}: the compose page moves on to payment by client-side
// navigation, and a document keeps the policy it was first served with.
//
// Scripts keep 'unsafe-inline': the App Router streams its page data in inline scripts, and a
// nonce would make every page dynamic (see Next's CSP guide, "without nonces"). The other
// directives still stop framing, plugins, foreign form targets and <base> rewrites.

/** Stripe's documented origins for Stripe.js and its embedded checkout. */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com", "https://checkout.stripe.com"],
  connect: ["https://api.stripe.com", "https://checkout.stripe.com"],
  img: ["https://*.stripe.com"],
};

/** `stripe`: Stripe's embedded checkout is configured; `stripeApi`: the API base it talks to (its origin may be connected to). */
export type CspOptions = { stripe: boolean; stripeApi?: string };

export function contentSecurityPolicy(options: CspOptions): string {
  const stripe = (list: string[]) => (options.stripe ? list : []);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'", ...stripe(STRIPE.script)],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...stripe(STRIPE.img)],
    "font-src": ["'self'", "data:"],
    "connect-src": [...new Set(["'self'", ...stripe(STRIPE.connect), ...stripe(options.stripeApi ? [new URL(options.stripeApi).origin] : [])])],
    "frame-src": ["'self'", ...stripe(STRIPE.frame)],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

export function securityHeaders(options: CspOptions): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(options),
    // For browsers that predate frame-ancestors.
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
  };
}
