import { createRequire } from "node:module";
import path from "node:path";
import type { PDFDocumentProxy } from "pdfjs-dist/types/src/display/api";

// pdfjs-dist reads and renders PDFs the way a viewer does: we use it to tell whether pages
// print anything and to draw proof thumbnails. Loaded lazily: it is large, and most requests
// (text letters) never need it.
type Pdfjs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjsPromise: Promise<Pdfjs> | undefined;

export function pdfjs(): Promise<Pdfjs> {
  pdfjsPromise ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjsPromise;
}

// The 14 standard fonts ship as files beside the package; without them text in PDFs that do
// not embed their fonts renders as nothing in thumbnails. Resolved from the working directory:
// the bundler rewrites a require made from import.meta.url into a module number.
let fontDir: string | undefined;
function standardFontDataUrl(): string {
  fontDir ??= path.join(path.dirname(createRequire(path.join(process.cwd(), "index.js")).resolve("pdfjs-dist/package.json")), "standard_fonts") + path.sep;
  return fontDir;
}

export async function openWithPdfjs(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument } = await pdfjs();
  // pdfjs takes ownership of (detaches) the buffer it is given, so give it a copy.
  return getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: standardFontDataUrl(),
    verbosity: 0,
  }).promise;
}

/** Whether a page paints anything at all: text, an image, a filled or stroked path, a shading. */
export async function pagePaintsSomething(doc: PDFDocumentProxy, pageNumber: number): Promise<boolean> {
  const { OPS } = await pdfjs();
  const painting = new Set<number>([
    OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText,
    OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat, OPS.paintImageMaskXObjectRepeat, OPS.paintSolidColorImageMask,
    OPS.paintInlineImageXObjectGroup, OPS.paintImageMaskXObjectGroup,
    OPS.fill, OPS.eoFill, OPS.stroke, OPS.fillStroke, OPS.eoFillStroke,
    OPS.closeStroke, OPS.closeFillStroke, OPS.closeEOFillStroke, OPS.shadingFill,
  ]);
  const page = await doc.getPage(pageNumber);
  try {
    const list = await page.getOperatorList();
    return list.fnArray.some((fn, i) => painting.has(fn) || (fn === OPS.constructPath && painting.has(list.argsArray[i]?.[0])));
  } finally {
    page.cleanup();
  }
}

/** The text a PDF shows, page by page, for the screener (which must read PDF letters too). */
export async function extractPdfText(bytes: Uint8Array, maxChars = 200_000): Promise<string> {
  const doc = await openWithPdfjs(bytes);
  try {
    const pages: string[] = [];
    let total = 0;
    for (let n = 1; n <= doc.numPages && total < maxChars; n++) {
      const page = await doc.getPage(n);
      try {
        const content = await page.getTextContent();
        const text = content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : "")).join("");
        pages.push(text);
        total += text.length;
      } finally {
        page.cleanup();
      }
    }
    return pages.join("\n").slice(0, maxChars);
  } finally {
    await doc.destroy();
  }
}
