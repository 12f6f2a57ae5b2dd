import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

/**
 * The quality bar every page is held to (issue 8): no serious or critical accessibility
 * violation (axe, WCAG 2.1 A and AA rules), and a screenshot at 1280 and 390 px wide kept as a
 * test artifact (test-results/screenshots/<name>-<width>.png).
 */
export async function checkPage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`), `${name}: accessibility`).toEqual([]);
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // testInfo.outputPath refuses paths outside the test's own folder: all screenshots share one.
    const path = join(testInfo.project.outputDir, "screenshots", `${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${width}`, { path, contentType: "image/png" });
  }
  await page.setViewportSize(original);
}
