import { createCanvas } from "@napi-rs/canvas";
import { openWithPdfjs } from "@/lib/documents/pdfjs";

/** Share of inked pixels left and right of the middle of page 1, rendered as a viewer draws it. */
export async function inkByHalf(pdf: Uint8Array): Promise<{ left: number; right: number }> {
  const doc = await openWithPdfjs(pdf);
  const page = await doc.getPage(1);
  const viewport = page.getViewport({ scale: 1 });
  const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  let left = 0;
  let right = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) x < width / 2 ? left++ : right++;
    }
  }
  await doc.destroy();
  return { left: left / ((width * height) / 2), right: right / ((width * height) / 2) };
}
