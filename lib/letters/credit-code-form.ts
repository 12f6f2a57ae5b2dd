// The written form of a credit code and its masks, in a module with no imports, so browser code
// (the compose form), the server's schemas, the e-mails and the console share them.

/** A whole credit code as typed: cc-xxxx-xxxx-xxxx, letters and digits, any case. */
export const CREDIT_CODE_FORM = /^cc-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/i;

/** Every credit code inside a longer text (an address being logged), keeping its last four characters. */
export function maskCreditCodes(text: string): string {
  return text.replace(/cc-[a-z0-9]{4}-[a-z0-9]{4}-([a-z0-9]{4})/gi, "cc-****-****-$1");
}

/** A credit code shown to a person (a receipt, an e-mail, the console): only its last group, since the code is a bearer credential for its balance. */
export function maskCreditCode(code: string): string {
  return `cc-••••-••••-${code.trim().toLowerCase().slice(-4)}`;
}
