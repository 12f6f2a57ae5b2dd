import type { Address } from "@/lib/letters/schemas";
import type { Format } from "@/lib/letters/formats";

// Where the addresses print on page 1 of a letter, in points from the top-left corner. One
// place for the text layout and for PDFs we stamp, so both kinds of letter fold into the
// envelope the same way: the recipient sits in the window of a #10 double-window envelope
// (0.875 in from the left, 2 in from the top) on letter_windowed, and in a business-letter
// block on the open-face letter; the return address sits top left.
const INCH = 72;

export const RETURN_BLOCK = { x: INCH, top: 0.75 * INCH, width: 3.5 * INCH, fontSize: 10 };

export function recipientBlock(format: Format) {
  return { x: format === "letter_windowed" ? 0.875 * INCH : INCH, top: 2 * INCH, width: 3.75 * INCH, fontSize: 11 };
}

/**
 * Where the recipient window of a #10 double-window envelope falls on page 1 of a
 * letter_windowed letter, folded in thirds (inches from the top-left corner): the recipient block
 * above sits inside it with an eighth of an inch to spare. For showing, never for cropping.
 */
export const RECIPIENT_WINDOW_INCHES = { x: 0.75, top: 1.875, width: 4, height: 1.125 };

/** The top of page 1 that the address blocks may cover on an uploaded PDF. */
export const ADDRESS_AREA_BOTTOM = 3.25 * INCH;

/** The lines of an address as they print (any address: typed, verified or corrected). */
export type PrintedAddress = Pick<Address, "name" | "line1" | "city" | "state" | "zip"> & { line2?: string };

export function addressLines(a: PrintedAddress): string[] {
  return [a.name, a.line1, ...(a.line2 ? [a.line2] : []), `${a.city} ${a.state} ${a.zip}`];
}
