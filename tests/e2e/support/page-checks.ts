import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

/**
 * The quality bar every page is held to (issue 8): no serious or critical accessibility
 * violation (axe, WCAG 2.1 A and AA rules), no sideways scrolling at 360 px (a wide table
 * may scroll inside its own box), and a screenshot at 1280 and 390 px wide kept as a
 * test artifact (test-results/screenshots/<name>-<width>.png).
 */
export async function checkPage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // After a server action React swaps the page's <title> for the re-rendered one; axe run in
  // that instant reports a page without a title. Wait (bounded) for the title to be back, so a
  // page that really has none still fails below.
  await expect.poll(() => page.title(), { message: `${name}: a page title` }).not.toBe("");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`), `${name}: accessibility`).toEqual([]);
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  // Responsive from 360 px up: at the narrowest phone width nothing may stick out sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    // The page scrolls sideways: name the widest culprits not inside their own scroll box.
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    const culprits = Array.from(document.querySelectorAll("body *"))
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !clipped(element))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}" (right edge ${Math.round(element.getBoundingClientRect().right)} px)`);
    return [`page is ${document.documentElement.scrollWidth} px wide`, ...culprits];
  });
  expect(overflow, `${name}: nothing wider than a 360 px screen`).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // testInfo.outputPath refuses paths outside the test's own folder: all screenshots share one.
    const path = join(testInfo.project.outputDir, "screenshots", `${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${width}`, { path, contentType: "image/png" });
  }
  await page.setViewportSize(original);
}
