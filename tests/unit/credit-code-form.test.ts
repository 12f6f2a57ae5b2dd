import { describe, expect, it } from "vitest";
import { CREDIT_CODE_FORM, maskCreditCode, maskCreditCodes } from "@/lib/letters/credit-code-form";

describe("the written form of a credit code", () => {
  it("accepts a code in any case and nothing else", () => {
    expect(CREDIT_CODE_FORM.test("cc-ab12-CD34-ef56")).toBe(true);
    expect(CREDIT_CODE_FORM.test("cc-ab12-cd34-ef5")).toBe(false);
    expect(CREDIT_CODE_FORM.test("xcc-ab12-cd34-ef56")).toBe(false);
  });

  it("shows a person only the last group, in lower case, however it was typed", () => {
    expect(maskCreditCode("cc-ab12-cd34-ef56")).toBe("cc-••••-••••-ef56");
    expect(maskCreditCode(" CC-AB12-CD34-EF56 ")).toBe("cc-••••-••••-ef56");
  });

  it("masks every code inside a logged text, keeping the rest", () => {
    expect(maskCreditCodes("/v1/credits/cc-ab12-cd34-ef56 and CC-AAAA-BBBB-CCCC")).toBe("/v1/credits/cc-****-****-ef56 and cc-****-****-CCCC");
  });
});
