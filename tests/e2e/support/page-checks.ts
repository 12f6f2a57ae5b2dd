import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { HtmlValidate } from "html-validate";

/**
 * The quality bar every page is held to (issue 8): valid HTML as the server sends it (the
 * W3C checker's content rules, by html-validate's "standard" preset, which leaves out the style
 * rules React's output would trip), no serious or critical accessibility violation (axe, WCAG
 * 2.1 A and AA rules), no sideways scrolling at 360 px (a wide table
 * may scroll inside its own box), and a screenshot at 1280 and 390 px wide kept as a
 * test artifact (test-results/screenshots/<name>-<width>.png).
 */
export async function checkPage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await expectValidHtml(page, name);
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

const htmlValidator = new HtmlValidate({ extends: ["html-validate:standard"] });

// React renders a form bound to a server action with `action=""` (it posts to the page's own
// address, with or without JavaScript); the checker reads an empty action as invalid. The one
// finding accepted, by its exact words.
const ACCEPTED = new Set(['attribute-allowed-values: Attribute "action" has invalid value ""']);

/** The page's address fetched again as served (before any script runs) and checked as HTML. */
export async function expectValidHtml(page: Page, name: string): Promise<void> {
  const served = await page.request.get(page.url());
  const report = await htmlValidator.validateString(await served.text());
  const problems = report.results.flatMap((r) => r.messages.filter((m) => !ACCEPTED.has(`${m.ruleId}: ${m.message}`)).map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? "document"})`));
  expect(problems, `${name}: valid HTML`).toEqual([]);
}
