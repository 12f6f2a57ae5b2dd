import type http from "node:http";
import { startLocalServer } from "@/tests/support/local-http";

// A local stand-in for two hosted model APIs, speaking their wire formats: Anthropic's Messages
// API (POST /v1/messages with the key and anthropic-version; the answer a `message` whose
// content holds a `tool_use` block) and OpenAI's Chat Completions (POST /v1/chat/completions
// with a Bearer key; the answer a `chat.completion` whose choice carries `tool_calls` with the
// arguments as a JSON string). It checks what a real endpoint would refuse (the key, the forced
// tool, the letter in the user turn) and answers what a test scripts: a verdict, an HTTP error,
// a hang, or an answer without the tool call.

export const FAKE_MODEL_KEY = "sk-fake-model-key-0123456789";

export type ScriptedAnswer =
  | { verdict: { decision: string; category: string; confidence: number; evidence: string } }
  | { status: number }
  | { hang: true }
  | { textOnly: string };

export type ReceivedCall = { api: "anthropic" | "openai"; headers: http.IncomingHttpHeaders; body: Record<string, any> };

export type FakeModelProvider = {
  /** Anthropic's base URL (the SDK adds /v1/messages). */
  anthropicUrl: string;
  /** OpenAI's base URL, with /v1 (the SDK adds /chat/completions). */
  openaiUrl: string;
  calls: ReceivedCall[];
  /** The answer to the next calls, in order; after the last, the last one again. */
  answer(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
};

async function readJson(req: http.IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

export async function startFakeModelProvider(): Promise<FakeModelProvider> {
  const calls: ReceivedCall[] = [];
  let script: ScriptedAnswer[] = [{ verdict: { decision: "unsure", category: "none", confidence: 0.5, evidence: "" } }];
  const next = () => (script.length > 1 ? script.shift()! : script[0]);

  const send = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

  const server = await startLocalServer({
    "/v1/messages": async (req, res) => {
      const body = await readJson(req);
      calls.push({ api: "anthropic", headers: req.headers, body });
      // The SDK sends the key as a Bearer token (1.x); older clients send x-api-key. Both are the API's.
      if (req.headers["x-api-key"] !== FAKE_MODEL_KEY && req.headers.authorization !== `Bearer ${FAKE_MODEL_KEY}`) {
        return send(res, 401, { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } });
      }
      if (!req.headers["anthropic-version"]) return send(res, 400, { type: "error", error: { type: "invalid_request_error", message: "anthropic-version header is required" } });
      if (!body.model || !body.max_tokens || !Array.isArray(body.messages) || body.tool_choice?.type !== "tool") {
        return send(res, 400, { type: "error", error: { type: "invalid_request_error", message: "model, max_tokens, messages and a forced tool are required" } });
      }
      const a = next();
      if ("hang" in a) return; // never answers: the caller's timeout decides
      if ("status" in a) return send(res, a.status, { type: "error", error: { type: a.status === 429 ? "rate_limit_error" : "api_error", message: "scripted failure" } });
      const content = "textOnly" in a ? [{ type: "text", text: a.textOnly }] : [{ type: "tool_use", id: "toolu_01Fake", name: body.tool_choice.name, input: a.verdict }];
      send(res, 200, {
        id: "msg_01Fake",
        type: "message",
        role: "assistant",
        model: body.model,
        content,
        stop_reason: "textOnly" in a ? "end_turn" : "tool_use",
        stop_sequence: null,
        usage: { input_tokens: 1234, output_tokens: 56 },
      });
    },
    "/v1/chat/completions": async (req, res) => {
      const body = await readJson(req);
      calls.push({ api: "openai", headers: req.headers, body });
      if (req.headers.authorization !== `Bearer ${FAKE_MODEL_KEY}`) return send(res, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } });
      if (!body.model || !Array.isArray(body.messages) || body.tool_choice?.type !== "function") {
        return send(res, 400, { error: { message: "model, messages and a forced function are required", type: "invalid_request_error" } });
      }
      const a = next();
      if ("hang" in a) return;
      if ("status" in a) return send(res, a.status, { error: { message: "scripted failure", type: "server_error" } });
      const message =
        "textOnly" in a
          ? { role: "assistant", content: a.textOnly, refusal: null }
          : { role: "assistant", content: null, refusal: null, tool_calls: [{ id: "call_fake", type: "function", function: { name: body.tool_choice.function.name, arguments: JSON.stringify(a.verdict) } }] };
      send(res, 200, {
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message, finish_reason: "textOnly" in a ? "stop" : "tool_calls", logprobs: null }],
        usage: { prompt_tokens: 1200, completion_tokens: 50, total_tokens: 1250 },
      });
    },
  });
  return {
    anthropicUrl: server.origin,
    openaiUrl: `${server.origin}/v1`,
    calls,
    answer: (...answers) => {
      script = answers;
    },
    close: server.close,
  };
}
