import OpenAI from "openai";
import { describeFailure, letterMessage, POLICY_PROMPT, readVerdict, VERDICT_TOOL, type SecondOpinion, type SecondOpinionProvider } from "@/lib/screening/second-opinion/second-opinion";

/**
 * A second opinion from an OpenAI-compatible Chat Completions endpoint (OpenAI itself, or a
 * self-hosted server such as vLLM or Ollama that speaks the same API), the verdict forced through
 * one function tool.
 */
export class OpenAiSecondOpinion implements SecondOpinionProvider {
  readonly name = "openai";
  private readonly client: OpenAI;

  constructor(readonly model: string, opts: { apiKey: string; baseURL?: string; timeoutSeconds: number }) {
    this.client = new OpenAI({ apiKey: opts.apiKey, baseURL: opts.baseURL, timeout: opts.timeoutSeconds * 1000, maxRetries: 2 });
  }

  async judge(letterText: string): Promise<SecondOpinion> {
    try {
      const completion = await this.client.chat.completions.create({
        model: this.model,
        temperature: 0,
        max_tokens: 400,
        messages: [
          { role: "system", content: POLICY_PROMPT },
          { role: "user", content: letterMessage(letterText) },
        ],
        tools: [{ type: "function", function: { name: VERDICT_TOOL.name, description: VERDICT_TOOL.description, parameters: VERDICT_TOOL.schema as unknown as Record<string, unknown> } }],
        tool_choice: { type: "function", function: { name: VERDICT_TOOL.name } },
      });
      const call = completion.choices[0]?.message?.tool_calls?.find((c) => c.type === "function" && c.function.name === VERDICT_TOOL.name);
      let input: unknown = null;
      try {
        input = call && call.type === "function" ? JSON.parse(call.function.arguments) : null;
      } catch {
        input = null;
      }
      const verdict = readVerdict(input);
      if (!verdict) return { kind: "unavailable", provider: this.name, model: this.model, error: "the model did not record a valid verdict" };
      return { kind: "verdict", provider: this.name, model: completion.model ?? this.model, inputTokens: completion.usage?.prompt_tokens ?? 0, outputTokens: completion.usage?.completion_tokens ?? 0, ...verdict };
    } catch (err) {
      return { kind: "unavailable", provider: this.name, model: this.model, error: describeFailure(err) };
    }
  }
}
