/** "1 page", "3 pages": a count of printed pages in words. */
export const pages = (n: number) => `${n} page${n === 1 ? "" : "s"}`;

/** "The page", "All 3 pages": the pages of one document, to start a sentence. */
export const everyPage = (n: number) => (n === 1 ? "The page" : `All ${n} pages`);
