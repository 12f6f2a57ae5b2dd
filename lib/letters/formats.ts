// The spec's formats and mail classes (spec 1, 2.3), and what each allows.
export const FORMATS = ["letter", "letter_windowed", "notecard", "postcard_4x6", "postcard_6x9", "postcard_6x11"] as const;
export type Format = (typeof FORMATS)[number];

export const MAIL_CLASSES = ["first_class", "certified", "certified_err", "priority"] as const;
export type MailClass = (typeof MAIL_CLASSES)[number];

export const HANDWRITING = ["script", "pen"] as const;
export type Handwriting = (typeof HANDWRITING)[number];

/** The most pages a letter may have (DESIGN.md: the spec leaves it open). */
export const MAX_LETTER_PAGES = 60;

export const isLetterFormat = (f: Format) => f === "letter" || f === "letter_windowed";
export const isPostcard = (f: Format) => f.startsWith("postcard_");

/**
 * The printed side of each format, width by height in inches: a letter's pages; a postcard's
 * address side (landscape; the message takes its left half); a notecard's inside panel.
 */
export const PAPER_INCHES: Record<Format, [number, number]> = {
  letter: [8.5, 11],
  letter_windowed: [8.5, 11],
  notecard: [5, 7],
  postcard_4x6: [6, 4],
  postcard_6x9: [9, 6],
  postcard_6x11: [11, 6],
};

export const FORMAT_LABELS: Record<Format, string> = {
  letter: "Letter",
  letter_windowed: "Letter, windowed envelope",
  notecard: "Notecard",
  postcard_4x6: "Postcard 4×6",
  postcard_6x9: "Postcard 6×9",
  postcard_6x11: "Postcard 6×11",
};

export const MAIL_CLASS_LABELS: Record<MailClass, string> = {
  first_class: "First-Class",
  certified: "Certified",
  certified_err: "Certified with electronic return receipt",
  priority: "Priority",
};
