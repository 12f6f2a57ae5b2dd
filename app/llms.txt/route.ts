import { env } from "@/lib/env";
import { renderLlmsTxt } from "@/lib/openapi/render-llms-txt";

// https://llmstxt.org: how an agent uses the service, generated from the API's registry and
// error catalogue (lib/openapi).
export const dynamic = "force-dynamic";

export async function GET() {
  return new Response(renderLlmsTxt(env().PUBLIC_BASE_URL), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}
