import localFont from "next/font/local";

// The notecard's two hands, for showing beside the choice: the same families the card prints in
// (lib/letters/fonts.ts), here as the Latin-only web files of the same fonts (about 25 and 50 KB,
// against 230 and 350 KB for the print faces), fetched only when a sample is on screen.
export const scriptHand = localFont({
  src: "../../node_modules/@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff2",
  display: "swap",
  preload: false,
  fallback: ["cursive"],
});

export const penHand = localFont({
  src: "../../node_modules/@fontsource/caveat/files/caveat-latin-400-normal.woff2",
  display: "swap",
  preload: false,
  fallback: ["cursive"],
});
