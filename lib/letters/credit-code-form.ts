// The written form of a credit code, in a module with no imports, so browser code (the compose
// form) and the server's schemas share one pattern.

/** A whole credit code as typed: cc-xxxx-xxxx-xxxx, letters and digits, any case. */
export const CREDIT_CODE_FORM = /^cc-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/i;

/** Every credit code inside a longer text (an address being logged), keeping its last four characters. */
export function maskCreditCodes(text: string): string {
  return text.replace(/cc-[a-z0-9]{4}-[a-z0-9]{4}-([a-z0-9]{4})/gi, "cc-****-****-$1");
}
