// Money in words for people: the one formatter of pages, e-mails, the console, API messages and
// llms.txt. No imports, so browser code and the server print amounts the same way.

/** 1234 -> "$12.34", 100000 -> "$1000.00", -150 -> "-$1.50". */
export const dollars = (cents: number) => `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toFixed(2)}`;
