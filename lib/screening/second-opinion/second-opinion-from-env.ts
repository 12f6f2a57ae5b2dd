import { env } from "@/lib/env";
import { AnthropicSecondOpinion } from "@/lib/screening/second-opinion/anthropic-second-opinion";
import { OpenAiSecondOpinion } from "@/lib/screening/second-opinion/openai-second-opinion";
import type { SecondOpinionProvider } from "@/lib/screening/second-opinion/second-opinion";

let cached: { provider: SecondOpinionProvider | null } | undefined;

/** The configured second-opinion provider, or null when SCREENING_SECOND_OPINION is off (the default). */
export function secondOpinionFromEnv(): SecondOpinionProvider | null {
  if (cached) return cached.provider;
  const e = env();
  const opts = { apiKey: e.SCREENING_SECOND_OPINION_API_KEY ?? "", baseURL: e.SCREENING_SECOND_OPINION_BASE_URL, timeoutSeconds: e.SCREENING_SECOND_OPINION_TIMEOUT_SECONDS };
  const provider =
    e.SCREENING_SECOND_OPINION === "anthropic"
      ? new AnthropicSecondOpinion(e.SCREENING_SECOND_OPINION_MODEL ?? "claude-haiku-4-5", opts)
      : e.SCREENING_SECOND_OPINION === "openai"
        ? new OpenAiSecondOpinion(e.SCREENING_SECOND_OPINION_MODEL ?? "gpt-4.1-mini", opts)
        : null;
  cached = { provider };
  return provider;
}
