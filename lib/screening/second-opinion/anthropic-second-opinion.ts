import Anthropic from "@anthropic-ai/sdk";
import { describeFailure, letterMessage, POLICY_PROMPT, readVerdict, VERDICT_TOOL, type SecondOpinion, type SecondOpinionProvider } from "@/lib/screening/second-opinion/second-opinion";

/** A second opinion from Anthropic's Messages API, the verdict forced through one tool (tool_choice). */
export class AnthropicSecondOpinion implements SecondOpinionProvider {
  readonly name = "anthropic";
  private readonly client: Anthropic;

  constructor(readonly model: string, opts: { apiKey: string; baseURL?: string; timeoutSeconds: number }) {
    // Two retries of a 429 or 5xx inside the timeout; past it the letter stays held.
    this.client = new Anthropic({ apiKey: opts.apiKey, baseURL: opts.baseURL, timeout: opts.timeoutSeconds * 1000, maxRetries: 2 });
  }

  async judge(letterText: string): Promise<SecondOpinion> {
    try {
      const message = await this.client.messages.create({
        model: this.model,
        max_tokens: 400,
        system: POLICY_PROMPT,
        tools: [{ name: VERDICT_TOOL.name, description: VERDICT_TOOL.description, input_schema: VERDICT_TOOL.schema as unknown as Anthropic.Tool.InputSchema }],
        tool_choice: { type: "tool", name: VERDICT_TOOL.name },
        messages: [{ role: "user", content: letterMessage(letterText) }],
      });
      const call = message.content.find((b) => b.type === "tool_use" && b.name === VERDICT_TOOL.name);
      const verdict = call && "input" in call ? readVerdict(call.input) : null;
      if (!verdict) return { kind: "unavailable", provider: this.name, model: this.model, error: "the model did not record a valid verdict" };
      return { kind: "verdict", provider: this.name, model: message.model ?? this.model, inputTokens: message.usage?.input_tokens ?? 0, outputTokens: message.usage?.output_tokens ?? 0, ...verdict };
    } catch (err) {
      return { kind: "unavailable", provider: this.name, model: this.model, error: describeFailure(err) };
    }
  }
}
