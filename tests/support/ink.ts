import { createCanvas } from "@napi-rs/canvas";
import { openWithPdfjs } from "@/lib/documents/pdfjs";

/** Page 1's pixels, rendered as a viewer draws it on white paper. */
async function pageOne(pdf: Uint8Array) {
  const doc = await openWithPdfjs(pdf);
  const page = await doc.getPage(1);
  const viewport = page.getViewport({ scale: 1 });
  const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  await doc.destroy();
  return pixels;
}

const inked = (data: Uint8ClampedArray, i: number) => data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200;

/** Share of inked pixels left and right of the middle of page 1. */
export async function inkByHalf(pdf: Uint8Array): Promise<{ left: number; right: number }> {
  const { data, width, height } = await pageOne(pdf);
  let left = 0;
  let right = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (inked(data, i)) x < width / 2 ? left++ : right++;
    }
  }
  return { left: left / ((width * height) / 2), right: right / ((width * height) / 2) };
}

/** The mean colour of page 1's ink (its pixels that are not near white), 0-255 per channel. */
export async function inkColour(pdf: Uint8Array): Promise<{ r: number; g: number; b: number }> {
  const { data } = await pageOne(pdf);
  const sum = { r: 0, g: 0, b: 0, n: 0 };
  for (let i = 0; i < data.length; i += 4) {
    if (!inked(data, i)) continue;
    sum.r += data[i];
    sum.g += data[i + 1];
    sum.b += data[i + 2];
    sum.n++;
  }
  return { r: sum.r / sum.n, g: sum.g / sum.n, b: sum.b / sum.n };
}
