import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { refusalReason } from "@/lib/screening/refusal-reasons";
import { AnthropicSecondOpinion } from "@/lib/screening/second-opinion/anthropic-second-opinion";
import { applySecondOpinion } from "@/lib/pipeline/apply-second-opinion";
import { OpenAiSecondOpinion } from "@/lib/screening/second-opinion/openai-second-opinion";
import { POLICY_PROMPT } from "@/lib/screening/second-opinion/second-opinion";
import { address } from "@/tests/support/api";
import { FAKE_MODEL_KEY, startFakeModelProvider, type FakeModelProvider } from "@/tests/support/fake-model-provider";
import { sendSandboxLetter } from "@/tests/support/orders";

// The optional hosted second stage on held letters, against a local fake that speaks
// Anthropic's Messages API and OpenAI's Chat Completions: a confident refusal refuses, a
// confident allow releases (unless the classifier's key turned), and anything else (unsure, a
// timeout, an HTTP error, an answer without the verdict tool) leaves the letter held, with what
// happened shown to the operator.

let fake: FakeModelProvider;
beforeAll(async () => {
  fake = await startFakeModelProvider();
});
afterAll(async () => {
  await fake.close();
});

const LETTER = "Dear neighbour,\n\nPlease keep the gate shut; the dog got out again on Tuesday.\n\nMarta";
const anthropic = (timeoutSeconds = 5) => new AnthropicSecondOpinion("claude-test", { apiKey: FAKE_MODEL_KEY, baseURL: fake.anthropicUrl, timeoutSeconds });
const openai = () => new OpenAiSecondOpinion("gpt-test", { apiKey: FAKE_MODEL_KEY, baseURL: fake.openaiUrl, timeoutSeconds: 5 });

/** A sandbox letter screening holds (the "sandbox review" magic input), as the worker finds it. */
async function heldLetter(text = LETTER): Promise<string> {
  const res = await sendSandboxLetter({ text, to: address({ name: "Sandbox Review Ada" }) });
  expect(res.json.order.status).toBe("held_for_review");
  return res.json.order.id;
}

const row = (id: string) => db().order.findUniqueOrThrow({ where: { id } });
const opinionOf = async (id: string) => ((await row(id)).screening as { second_opinion?: Record<string, unknown> }).second_opinion;

describe("a hosted second opinion on a held letter", () => {
  it("refuses on a confident refusal, with the category's standard reason, and sends the policy and the fenced letter", async () => {
    const id = await heldLetter();
    fake.answer({ verdict: { decision: "refuse", category: "extortion", confidence: 0.93, evidence: "Demands money to keep a secret." } });
    const before = fake.calls.length;
    expect(await applySecondOpinion(id, anthropic())).toBe("refused");
    const order = await row(id);
    expect(order).toMatchObject({ status: "refused", refusalReason: refusalReason("extortion") });
    expect(await opinionOf(id)).toMatchObject({ kind: "verdict", provider: "anthropic", model: "claude-test", decision: "refuse", category: "extortion", confidence: 0.93, inputTokens: 1234, outputTokens: 56 });
    const events = await db().orderEvent.findMany({ where: { orderId: id, toStatus: "refused" } });
    expect(events[0].cause).toMatch(/second opinion from anthropic claude-test \(extortion\)/);

    const call = fake.calls[before];
    expect(call.api).toBe("anthropic");
    expect(call.headers["anthropic-version"]).toBeTruthy();
    expect(call.body.system).toBe(POLICY_PROMPT);
    expect(call.body.tool_choice).toEqual({ type: "tool", name: "record_verdict" });
    expect(call.body.tools[0].input_schema.required).toEqual(["decision", "category", "confidence", "evidence"]);
    expect(call.body.messages[0].content).toContain(`<letter>\n${LETTER}\n</letter>`);
  });

  it("releases on a confident allow: handed to the carrier as cleared by the second opinion", async () => {
    const id = await heldLetter();
    fake.answer({ verdict: { decision: "allow", category: "none", confidence: 0.97, evidence: "A note about a dog." } });
    expect(await applySecondOpinion(id, anthropic())).toBe("released");
    expect((await row(id)).status).toBe("submitted");
    const events = await db().orderEvent.findMany({ where: { orderId: id, toStatus: "submitted" } });
    expect(events[0].cause).toMatch(/^cleared by a second opinion from anthropic claude-test/);
  });

  it("does not release a letter whose classifier key turned, however sure the model is", async () => {
    const id = await heldLetter();
    const stored = (await row(id)).screening as { classifier: Record<string, unknown> };
    await db().order.update({ where: { id }, data: { screening: { ...stored, classifier: { ...stored.classifier, key: true } } } });
    fake.answer({ verdict: { decision: "allow", category: "none", confidence: 0.99, evidence: "Fine." } });
    expect(await applySecondOpinion(id, anthropic())).toBe("still_held");
    expect((await row(id)).status).toBe("held_for_review");
    expect(await opinionOf(id)).toMatchObject({ decision: "allow", confidence: 0.99 });
  });

  it("keeps the letter held when the model is unsure or not confident enough", async () => {
    for (const verdict of [
      { decision: "unsure", category: "threat", confidence: 0.9, evidence: "Could be a threat." },
      { decision: "refuse", category: "threat", confidence: 0.6, evidence: "Maybe." },
      { decision: "allow", category: "none", confidence: 0.7, evidence: "Probably fine." },
    ]) {
      const id = await heldLetter();
      fake.answer({ verdict });
      expect(await applySecondOpinion(id, anthropic())).toBe("still_held");
      expect((await row(id)).status).toBe("held_for_review");
      expect(await opinionOf(id)).toMatchObject({ kind: "verdict", decision: verdict.decision });
    }
  });

  it("keeps the letter held, saying why, on a timeout, an HTTP error or an answer without the verdict", async () => {
    const cases: [Parameters<FakeModelProvider["answer"]>[0], RegExp][] = [
      [{ hang: true }, /did not answer in time/],
      [{ status: 500 }, /HTTP 500/],
      [{ textOnly: "I think this letter is fine." }, /did not record a valid verdict/],
      [{ verdict: { decision: "refuse", category: "not_a_category", confidence: 0.99, evidence: "" } }, /did not record a valid verdict/],
    ];
    for (const [answer, error] of cases) {
      const id = await heldLetter();
      fake.answer(answer);
      expect(await applySecondOpinion(id, anthropic(1))).toBe("still_held");
      expect((await row(id)).status).toBe("held_for_review");
      expect(await opinionOf(id)).toMatchObject({ kind: "unavailable", provider: "anthropic", error: expect.stringMatching(error) });
    }
  }, 60_000);

  it("speaks OpenAI's Chat Completions too: a forced function call, the verdict in its arguments", async () => {
    const id = await heldLetter();
    fake.answer({ verdict: { decision: "refuse", category: "impersonation_bank", confidence: 0.9, evidence: "A courier for the card and PIN." } });
    const before = fake.calls.length;
    expect(await applySecondOpinion(id, openai())).toBe("refused");
    expect(await row(id)).toMatchObject({ status: "refused", refusalReason: refusalReason("impersonation_bank") });
    const call = fake.calls[before];
    expect(call.api).toBe("openai");
    expect(call.body.tool_choice).toEqual({ type: "function", function: { name: "record_verdict" } });
    expect(call.body.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user"]);
  });

  it("does nothing to a letter that is no longer held (an operator or the sender acted first)", async () => {
    const id = await heldLetter();
    await db().order.update({ where: { id }, data: { status: "canceled" } });
    const before = fake.calls.length;
    expect(await applySecondOpinion(id, anthropic())).toBe("skipped");
    expect(fake.calls.length).toBe(before);
  });
});
