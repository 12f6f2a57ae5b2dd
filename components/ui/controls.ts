// The site's form controls: one look on the public pages (credits, review, cancel) and in the
// operator console. Class strings, so that a server component, a client component and a plain
// <a> styled as a button all use them. Focus shows as a blue outline everywhere.

const button =
  "inline-flex min-h-10 items-center justify-center rounded px-4 py-2 font-semibold focus:outline-2 focus:outline-offset-2 focus:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60";

export const primaryButton = `${button} bg-stone-900 text-white hover:bg-stone-700`;
export const dangerButton = `${button} bg-red-700 text-white hover:bg-red-800`;
export const quietButton = `${button} border border-stone-300 bg-white text-stone-900 hover:bg-stone-100`;
/** Inputs, selects and text areas. */
export const inputClass = "w-full rounded border border-stone-400 bg-white px-3 py-2 text-base focus:outline-2 focus:outline-offset-1 focus:outline-blue-600";
export const linkClass = "text-blue-800 underline hover:text-blue-950";
