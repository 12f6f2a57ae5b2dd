import { expect, test, type Locator, type Page } from "@playwright/test";

// Issue 8's bar: the compose page and the confirmation page are usable with the keyboard alone
// and with a screen reader. This letter is written, addressed, priced and sent with keys only
// (Tab, Shift+Tab, arrows, Space, Enter, typing): locators are used only to check where the
// focus is and what the page says. Every Tab stop must show that it has the focus.

/** Why the focused element shows no focus indicator, or null when it shows one. */
async function missingFocusIndicator(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return "the focus is lost (it is on the page body)";
    const name = `${focused.tagName.toLowerCase()}${focused.id ? `#${focused.id}` : ""} "${(focused.getAttribute("aria-label") ?? focused.textContent ?? "").trim().slice(0, 40)}"`;
    // A visually hidden control (a radio drawn as a card) shows its focus on its label.
    const box = focused.getBoundingClientRect();
    const shown = box.width <= 2 || box.height <= 2 ? (focused.closest("label") ?? focused) : focused;
    const style = getComputedStyle(shown);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 && !/rgba\(.*,\s*0\)$/.test(style.outlineColor);
    // A ring drawn with box-shadow: a shadow in a colour that is not transparent, with a spread.
    const ring = style.boxShadow
      .split(/,(?![^(]*\))/)
      .some((shadow) => !/rgba\([^)]*,\s*0\)|transparent/.test(shadow) && /(^|\s)[1-9]\d*(\.\d+)?px/.test(shadow.replace(/rgba?\([^)]*\)/, "")));
    return outline || ring ? null : `${name} has the focus but shows no outline and no ring`;
  });
}

/** Presses a key that moves the focus, then checks that the new focus is visible. */
async function move(page: Page, key: "Tab" | "Shift+Tab") {
  await page.keyboard.press(key);
  expect(await missingFocusIndicator(page), `after ${key}`).toBeNull();
}

/** Tabs (forward or back) until `target` has the focus, checking every stop on the way. */
async function tabTo(page: Page, target: Locator, { back = false, max = 12 } = {}) {
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await move(page, back ? "Shift+Tab" : "Tab");
    stops.push(await page.evaluate(() => {
      const el = document.activeElement!;
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}`;
    }));
    if ((await target.count()) === 1 && (await target.evaluate((el) => el === document.activeElement))) return;
  }
  throw new Error(`${String(target)} not reached in ${max} presses of ${back ? "Shift+Tab" : "Tab"}; the stops were ${stops.join(", ")}`);
}

/** The ARIA 1.2 combobox pattern, as far as a page can show it. */
async function expectCombobox(input: Locator, expanded: boolean) {
  await expect(input).toHaveAttribute("role", "combobox");
  await expect(input).toHaveAttribute("aria-expanded", String(expanded));
  const listId = await input.getAttribute("aria-controls");
  expect(listId, "aria-controls names the list").toBeTruthy();
  const list = input.page().locator(`[id="${listId}"]`);
  await expect(list).toHaveAttribute("role", "listbox");
  if (expanded) await expect(list).toBeVisible();
  else {
    await expect(list).toBeHidden();
    await expect(input).not.toHaveAttribute("aria-activedescendant", /.+/);
  }
  return list;
}

/** The option aria-activedescendant names is the one marked selected, and it is the `index`th. */
async function expectActiveOption(input: Locator, list: Locator, index: number) {
  const listId = await list.getAttribute("id");
  await expect(input).toHaveAttribute("aria-activedescendant", `${listId}-${index}`);
  const options = list.getByRole("option");
  await expect(options.nth(index)).toHaveAttribute("aria-selected", "true");
  await expect(list.locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
}

test("a sandbox letter written, addressed, priced and sent with the keyboard alone", async ({ page }) => {
  await page.goto("/");
  // Hydrated: before that a key press would reach a form that does nothing yet.
  await expect(page.getByRole("button", { name: "Get quote" })).toBeEnabled();
  const status = page.getByTestId("quote-status");
  await expect(status, "the price status is announced as it changes").toHaveAttribute("aria-live", "polite");

  // The format: a radio group, Tab lands on the chosen one, the arrows choose.
  const letter = page.getByRole("radio", { name: "Letter", exact: true });
  await tabTo(page, letter);
  await expect(letter).toBeChecked();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Postcard 4×6" })).toBeFocused();
  await expect(page.getByRole("radio", { name: "Postcard 4×6" })).toBeChecked();
  expect(await missingFocusIndicator(page)).toBeNull();
  await expect(page.getByLabel("Your message")).toBeVisible();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowLeft");
  await expect(letter).toBeFocused();
  await expect(letter).toBeChecked();
  await expect(page.getByLabel("Your letter")).toBeVisible();

  // The text.
  await tabTo(page, page.getByRole("radio", { name: "Write it here" }));
  await tabTo(page, page.getByLabel("Your letter"), { max: 1 });
  await page.keyboard.type("Dear Ada,\n\nThe engine is ready for your programme.\n\nCharles");
  await expect(page.getByLabel("Your letter")).toHaveValue(/The engine is ready/);

  // From: the ZIP's suggestions fill the city and state.
  await tabTo(page, page.locator("#from-name"), { max: 1 });
  await page.keyboard.type("Charles Babbage");
  await tabTo(page, page.locator("#from-line1"), { max: 1 });
  await page.keyboard.type("1 Engine Row");
  await tabTo(page, page.locator("#from-zip"), { max: 4 });
  const fromZip = page.locator("#from-zip");
  const fromZipList = await expectCombobox(fromZip, false);
  await page.keyboard.type("1218");
  await expectCombobox(fromZip, true);
  await expect(fromZipList.getByRole("option").first()).toHaveText("TROY, NY 12180");
  await page.keyboard.press("ArrowDown");
  await expectActiveOption(fromZip, fromZipList, 0);
  await page.keyboard.press("Enter");
  await expectCombobox(fromZip, false);
  await expect(fromZip).toHaveValue("12180");
  await expect(page.locator("#from-city")).toHaveValue("TROY");
  await expect(page.locator("#from-state")).toHaveValue("NY");
  await expect(fromZip, "picking keeps the focus in the field").toBeFocused();

  // To: the city's suggestions; the arrows move through them, Escape closes the list and keeps
  // what was typed, and a state narrows them down.
  await tabTo(page, page.locator("#to-name"), { max: 3 });
  await page.keyboard.type("Ada Lovelace");
  await tabTo(page, page.locator("#to-line1"), { max: 1 });
  await page.keyboard.type("12 Main St");
  const toCity = page.locator("#to-city");
  await tabTo(page, toCity, { max: 2 });
  const toCityList = await expectCombobox(toCity, false);
  await page.keyboard.type("Alba");
  await expectCombobox(toCity, true);
  await expect(toCityList.getByRole("option").nth(1)).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expectActiveOption(toCity, toCityList, 0);
  await page.keyboard.press("ArrowDown");
  await expectActiveOption(toCity, toCityList, 1);
  await page.keyboard.press("ArrowUp");
  await expectActiveOption(toCity, toCityList, 0);
  await page.keyboard.press("Escape");
  await expectCombobox(toCity, false);
  await expect(toCity, "Escape keeps the typed text").toHaveValue("Alba");
  await expect(toCity).toBeFocused();
  // ArrowDown opens the list again, on its first option; Escape closes it once more.
  await page.keyboard.press("ArrowDown");
  await expectCombobox(toCity, true);
  await expectActiveOption(toCity, toCityList, 0);
  await page.keyboard.press("Escape");
  await expectCombobox(toCity, false);
  await page.keyboard.type("ny, NY");
  await expectCombobox(toCity, true);
  await expect(toCityList.getByRole("option")).toHaveCount(1);
  await expect(toCityList.getByRole("option")).toContainText("ALBANY, NY");
  await page.keyboard.press("ArrowDown");
  await expectActiveOption(toCity, toCityList, 0);
  await page.keyboard.press("Enter");
  await expectCombobox(toCity, false);
  await expect(toCity).toHaveValue("ALBANY");
  await expect(page.locator("#to-state")).toHaveValue("NY");

  // A ZIP from the other side of the country: the error is announced and tied to its field.
  await tabTo(page, page.locator("#to-zip"), { max: 2 });
  await page.keyboard.type("90210");
  const alert = page.getByRole("alert").filter({ hasText: "The letter cannot be priced yet" });
  await expect(alert).toContainText("does not match ZIP 90210");
  const toState = page.locator("#to-state");
  await expect(toState).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await toState.getAttribute("aria-describedby")) ?? "";
  expect(describedBy.split(" ")).toContain("to-state-error");
  await expect(page.locator("#to-state-error")).toContainText("does not match ZIP 90210");
  for (let i = 0; i < 5; i++) await page.keyboard.press("Backspace");
  await page.keyboard.type("12207");
  await expect(alert).toHaveCount(0);
  await expect(status).toHaveText("Price $0.99 for 1 page.");

  // The verifier's correction is offered; its button is the next Tab stop, and accepting it
  // leaves the focus somewhere (not on the page body) while the letter is priced again.
  await expect(page.getByTestId("address-correction-to")).toContainText("12 MAIN ST, ALBANY NY 12207");
  await tabTo(page, page.getByTestId("address-correction-to").getByRole("button", { name: "Use this address" }), { max: 1 });
  await page.keyboard.press("Enter");
  await expect(page.locator("#to-line1")).toHaveValue("12 MAIN ST");
  await expect(page.getByTestId("address-correction-to")).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null), "the focus after accepting a correction").toBe(true);
  await expect(status).toHaveText("Price $0.99 for 1 page.");

  // The mail class: the arrows choose, and the letter is priced again.
  const firstClass = page.getByRole("radio", { name: "First-Class", exact: true });
  await tabTo(page, firstClass, { max: 3 });
  await expect(firstClass).toBeChecked();
  await page.keyboard.press("ArrowDown");
  const certified = page.getByRole("radio", { name: "Certified", exact: true });
  await expect(certified).toBeFocused();
  await expect(certified).toBeChecked();
  await expect(page.getByTestId("quote-total")).toHaveText("$6.48");

  // Sandbox off by Space; "pay with" by the arrows; an unknown credit code is announced next to
  // its field; then back to card, and the sandbox on again.
  const sandbox = page.getByLabel(/^Sandbox/);
  await tabTo(page, sandbox, { max: 12 });
  await expect(sandbox).toBeChecked();
  await page.keyboard.press("Space");
  await expect(sandbox).not.toBeChecked();
  const card = page.getByRole("radio", { name: /^Pay by card/ });
  await tabTo(page, card, { max: 1 });
  await expect(card).toBeChecked();
  await page.keyboard.press("ArrowDown");
  const credit = page.getByRole("radio", { name: "Pay with a credit code" });
  await expect(credit).toBeFocused();
  await expect(credit).toBeChecked();
  const code = page.getByLabel("Credit code", { exact: true });
  await tabTo(page, code, { max: 1 });
  await page.keyboard.type("cc-zzzz-zzzz-zzzz");
  const codeError = page.locator("#credit-code-error");
  await expect(codeError).toContainText("No credit account has the code cc-zzzz-zzzz-zzzz");
  await expect(code).toHaveAttribute("aria-invalid", "true");
  expect(((await code.getAttribute("aria-describedby")) ?? "").split(" ")).toContain("credit-code-error");
  expect(
    await codeError.evaluate((el) => Boolean(el.closest('[aria-live="polite"], [aria-live="assertive"], [role="alert"], [role="status"]'))),
    "the credit code's error is in a live region (announced when it appears)",
  ).toBe(true);
  await tabTo(page, credit, { back: true, max: 1 });
  await page.keyboard.press("ArrowUp");
  await expect(card).toBeFocused();
  await expect(card).toBeChecked();
  await expect(code).toHaveCount(0);
  await tabTo(page, sandbox, { back: true, max: 1 });
  await page.keyboard.press("Space");
  await expect(sandbox).toBeChecked();
  await expect(card).toHaveCount(0);

  // Send: the button is the next Tab stop once the letter is priced; Enter sends it.
  await expect(status).toHaveText("Price $6.48 for 1 page.");
  const send = page.getByRole("button", { name: "Send letter" });
  await expect(send).toBeEnabled();
  await tabTo(page, send, { max: 1 });
  await page.keyboard.press("Enter");

  // The confirmation page: the focus is on its heading, not lost on the page body.
  await expect(page).toHaveURL(/\/sent\/ord_test_[0-9a-z]{24}$/);
  const heading = page.getByRole("heading", { level: 1 });
  // The sandbox carrier moves fast here (a step a second): the letter may be delivered already.
  await expect(heading).toHaveText(/^Your sandbox letter (is on its way|was delivered)$/);
  await expect(heading, "the focus after sending").toBeFocused();
  await expect(page.getByTestId("receipt-total")).toHaveText("$6.48");
  await tabTo(page, page.getByRole("link", { name: "Track this letter" }), { max: 4 });
  await tabTo(page, page.getByRole("link", { name: "Send another letter" }), { max: 8 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
});

test("the confirmation page by keyboard: canceling asked, kept, then done, and the focus never lost", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Get quote" })).toBeEnabled();
  await tabTo(page, page.getByLabel("Your letter"));
  await page.keyboard.type("Hold this one, please.");
  // The sandbox holds a letter to "Sandbox Hold" before hand-off until it is canceled. The
  // addresses are typed in full; a suggestion list left by Tab picks nothing.
  const fields: [string, string][] = [
    ["from-name", "Grace Hopper"],
    ["from-line1", "5 Harbor Rd"],
    ["from-city", "Arlington"],
    ["from-state", "VA"],
    ["from-zip", "22201"],
    ["to-name", "Sandbox Hold"],
    ["to-line1", "12 Main St"],
    ["to-city", "Albany"],
    ["to-state", "NY"],
    ["to-zip", "12207"],
  ];
  for (const [id, text] of fields) {
    await tabTo(page, page.locator(`#${id}`), { max: 2 });
    await page.keyboard.type(text);
  }
  await expect(page.locator("#from-city")).toHaveValue("Arlington");
  await expect(page.getByTestId("quote-status")).toHaveText("Price $0.99 for 1 page.");
  await tabTo(page, page.getByRole("button", { name: "Send letter" }), { max: 20 });
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/sent\/ord_test_[0-9a-z]{24}$/);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("Your sandbox letter is on its way");
  await expect(heading, "the focus after sending").toBeFocused();
  await expect(page.getByTestId("order-status")).toHaveText("screening");

  // Asked first, with the focus on the safe answer; keeping it gives the focus back to the button.
  const cancel = page.getByRole("button", { name: "Cancel this letter" });
  await tabTo(page, cancel, { max: 6 });
  await page.keyboard.press("Enter");
  const keep = page.getByRole("button", { name: "Keep it" });
  await expect(keep).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(cancel, "the focus after keeping the letter").toBeFocused();

  // Canceled: the buttons are gone and the heading, which says so, has the focus.
  await page.keyboard.press("Enter");
  await expect(keep).toBeFocused();
  await tabTo(page, page.getByRole("button", { name: "Yes, cancel it" }), { back: true, max: 1 });
  await page.keyboard.press("Enter");
  await expect(heading).toHaveText("Letter canceled");
  await expect(page.getByTestId("order-status")).toHaveText("canceled");
  await expect(heading, "the focus after canceling").toBeFocused();
  await tabTo(page, page.getByRole("link", { name: "Send another letter" }), { max: 8 });
});
