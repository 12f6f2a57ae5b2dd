// Money in words for people. Pure, with no server-only imports, so the browser's pages and
// the server's envelopes print amounts the same way.

/** 1234 -> "$12.34" */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
