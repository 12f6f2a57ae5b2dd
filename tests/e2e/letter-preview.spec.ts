import { expect, test, type Page } from "@playwright/test";
import { checkPage } from "./support/page-checks";
import { extractPdfText } from "@/lib/documents/pdfjs";

// What will print, shown while it is written: beside the form on a wide screen, behind a button
// on a phone; every page of the proof, the envelope window on a windowed letter, the outside of
// the envelope, and the notecard's two hands.

const FROM = { name: "Charles Babbage", line1: "1 Engine Row", city: "Troy", state: "NY", zip: "12180" };
const TO = { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" };
const LONG = `Dear Ada,\n\n${"The engine is ready for your programme, and the cards are punched. ".repeat(60)}\n\nCharles`;

async function fillAddress(page: Page, prefix: string, a: Record<string, string>) {
  for (const [field, value] of Object.entries(a)) await page.locator(`#${prefix}-${field}`).fill(value);
}

const drawn = (img: import("@playwright/test").Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth);

test("beside the form: every page of a windowed letter, where the window falls, and the envelope; it follows the letter", async ({ page }, testInfo) => {
  await page.goto("/");
  await page.getByRole("radio", { name: /Letter, windowed envelope/ }).check({ force: true });
  await fillAddress(page, "from", FROM);
  await fillAddress(page, "to", TO);
  await page.getByLabel("Your letter").fill(LONG);

  const preview = page.getByRole("complementary", { name: "Preview" });
  await expect(preview.getByTestId("preview-status")).toHaveText("All 2 pages, exactly as they will print.");
  // Beside the form, not under it.
  const form = (await page.getByLabel("Your letter").boundingBox())!;
  const aside = (await preview.boundingBox())!;
  expect(aside.x).toBeGreaterThan(form.x + form.width);
  expect(aside.y).toBeLessThan(form.y + form.height);

  const page1 = preview.getByRole("img", { name: "Page 1 of 2 of your letter, as it will print; opens the proof PDF" });
  const page2 = preview.getByRole("img", { name: "Page 2 of 2 of your letter, as it will print; opens the proof PDF" });
  await expect.poll(() => drawn(page1), { timeout: 15_000 }).toBe(480);
  await expect(page2).toHaveAttribute("src", /^\/v1\/proofs\/pf_[0-9a-z]{24}\.png\?page=2$/);
  await page2.scrollIntoViewIfNeeded();
  await expect.poll(() => drawn(page2), { timeout: 15_000 }).toBe(480);
  await expect(preview.getByTestId("envelope-preview")).toContainText("#10 double-window envelope");
  await expect(preview.getByTestId("envelope-preview")).toContainText("12 MAIN ST");
  await checkPage(page, testInfo, "compose-preview-wide");

  // A shorter letter is priced and drawn again: one page.
  await page.getByLabel("Your letter").fill("Dear Ada,\n\nShort and sweet.\n\nCharles");
  await expect(preview.getByTestId("preview-status")).toHaveText("The page, exactly as it will print.");
  await expect(preview.getByRole("img")).toHaveCount(1);
  await expect(preview.getByRole("img", { name: /^Page 1 of 1 of your letter/ })).toBeVisible();
});

test("on a phone the preview is behind a button under the price", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await fillAddress(page, "from", FROM);
  await fillAddress(page, "to", TO);
  await page.getByLabel("Your letter").fill(LONG);
  await expect(page.getByTestId("quote-total")).toHaveText("$1.14");
  await expect(page.getByRole("complementary", { name: "Preview" })).toHaveCount(0);

  const toggle = page.getByRole("button", { name: "Show the preview (2 pages)" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(page.getByRole("button", { name: "Hide the preview" })).toHaveAttribute("aria-expanded", "true");
  const preview = page.getByRole("region", { name: "Preview" });
  await expect.poll(() => drawn(preview.getByRole("img", { name: /^Page 1 of 2 of your letter/ })), { timeout: 15_000 }).toBe(480);
  await expect(preview.getByTestId("envelope-preview")).toContainText("#10 envelope");
  await checkPage(page, testInfo, "compose-preview-phone");
  await page.getByRole("button", { name: "Hide the preview" }).click();
  await expect(page.getByRole("region", { name: "Preview" })).toHaveCount(0);
});

test("names and text outside Windows-1252 print as typed, from the compose page to the proof and the order", async ({ page, request }) => {
  await page.goto("/");
  await fillAddress(page, "from", { ...FROM, name: "Zoë Dvořák", line1: "12 Łódź Street" });
  await fillAddress(page, "to", { ...TO, name: "Nguyễn Thị Minh Khai" });
  await page.getByLabel("Your letter").fill("Chào chị Minh Khai,\n\nΚαλημέρα σας από τη Λόντζ.\nДобрый день из Лодзи.\n\nZoë");
  await expect(page.getByTestId("quote-total")).toHaveText("$0.99");
  const pdfLink = page.getByRole("complementary", { name: "Preview" }).getByRole("link", { name: "Open the proof (PDF)" });
  const proof = await request.get((await pdfLink.getAttribute("href"))!);
  expect(proof.status()).toBe(200);
  // Read back as a viewer copies it (NFC); the street line as verification standardizes it, in capitals.
  const printed = (await extractPdfText(await proof.body())).normalize("NFC").replace(/\s+/g, " ");
  for (const words of ["Zoë Dvořák", "12 ŁÓDŹ ST", "Nguyễn Thị Minh Khai", "Chào chị Minh Khai,", "Καλημέρα σας από τη Λόντζ.", "Добрый день из Лодзи."]) expect(printed, words).toContain(words);
  await page.getByRole("button", { name: "Send letter" }).click();
  await expect(page).toHaveURL(/\/sent\/ord_test_[0-9a-z]{24}$/);
  await expect(page.getByTestId("receipt-total")).toHaveText("$0.99");
});

test("a notecard shows its two hands before choosing, and its proof in the hand chosen", async ({ page }, testInfo) => {
  await page.goto("/");
  const card = page.locator("label").filter({ has: page.getByRole("radio", { name: /Notecard/ }) });
  // The format card names both hands, each written in its own face.
  const fontOf = async (text: string) => card.getByText(text, { exact: true }).evaluate((el) => getComputedStyle(el).fontFamily);
  expect(await fontOf("script")).not.toBe(await fontOf("pen handwriting"));
  await page.getByRole("radio", { name: /Notecard/ }).check({ force: true });
  await expect(page.getByTestId("script-sample")).toHaveText("Thank you for everything!");
  await expect(page.getByTestId("pen-sample")).toHaveText("Thank you for everything!");
  // The samples are drawn in the hands' own fonts, loaded from this site.
  await expect.poll(() => page.evaluate(async () => (await document.fonts.ready, [...document.fonts].filter((f) => f.status === "loaded").length))).toBeGreaterThanOrEqual(2);

  await fillAddress(page, "from", FROM);
  await fillAddress(page, "to", TO);
  await page.getByLabel("Your message").fill("Dear Ada,\n\nThank you for everything! All will be well, hello hello.\n\nCharles");
  const preview = page.getByRole("complementary", { name: "Preview" });
  const proof = preview.getByRole("img", { name: /^Page 1 of 1 of your letter/ });
  // The proof in each hand, as the service draws it: the pen's is another drawing, kept as an artifact.
  const proofIn = async (hand: "script" | "pen", total: string) => {
    if (hand === "pen") await page.getByRole("radio", { name: /^Pen:/ }).check();
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    await expect(preview.getByTestId("preview-status")).toHaveText("The page, exactly as it will print.");
    await expect.poll(() => drawn(proof), { timeout: 15_000 }).toBe(480);
    const png = await (await page.request.get((await proof.getAttribute("src"))!)).body();
    await testInfo.attach(`notecard-proof-${hand}`, { body: png, contentType: "image/png" });
    return png;
  };
  const script = await proofIn("script", "$1.99");
  const pen = await proofIn("pen", "$2.99");
  expect(pen.equals(script)).toBe(false);
  await expect(preview.getByTestId("envelope-preview")).toContainText("A7 envelope");
});
