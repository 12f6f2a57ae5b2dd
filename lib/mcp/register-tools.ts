import { z } from "zod";
import { refuseControlCharacters } from "@/lib/http/control-characters";
import type { McpServer } from "@modelcontextprotocol/server";
import { requireScope, type VerifiedKey } from "@/lib/auth/api-keys";
import type { Caller } from "@/lib/auth/caller";
import { callerOf, type RouteSpec } from "@/lib/http/define-route";
import { parseIdempotencyKey } from "@/lib/http/idempotency";
import { throttle } from "@/lib/http/throttle";
import { getOrderOperation, listOrdersOperation, quoteLetterOperation, sendLetterOperation } from "@/lib/openapi/operations-letters";
import { submitFeedbackOperation } from "@/lib/openapi/operations-more";
import { checkLetterRules, letterFields, OrderIdParamsSchema, QuoteRequestSchema } from "@/lib/letters/schemas";
import { createQuote } from "@/lib/quotes/create-quote";
import { createOrder } from "@/lib/operations/create-order";
import { presentCreatedOrder } from "@/lib/http/present-outcomes";
import { readOrder } from "@/lib/operations/read-order";
import { listOrders, ListOrdersQuerySchema } from "@/lib/orders/list-orders";
import { readPublicTracking } from "@/lib/tracking/get-public-tracking";
import { FeedbackRequestSchema, recordFeedback } from "@/lib/feedback/record-feedback";
import { failureOf, resultOfHttp, sdkFailure, successOrFailure, toolFailure, toolSuccess, type ToolResult } from "@/lib/mcp/tool-results";

// The five MCP tools. Each calls the same lib function as its HTTP route, with the same
// schemas, the same caller attribution (API key or client address) and the same scopes,
// throttles and caps: MCP is another way in, not a second implementation.

/** How an agent should use the tools, sent to every client at initialization. */
export const MCP_INSTRUCTIONS = [
  "This service mails real letters, postcards and notecards to US addresses. Safe order of calls:",
  "1. quote_letter with the exact letter (sandbox: true to try it free; nothing is mailed). Check price_cents, the proof PDF (proof.pdf_url) and any corrected addresses.",
  "2. send_letter with the same letter unchanged, the confirmation_token from step 1 (valid 30 minutes) and a fresh idempotency_key. If the call fails or times out, retry with the SAME idempotency_key: it never sends or charges twice.",
  "3. get_letter_status with the order id to follow it (submitted, mailed, delivered; or refused/failed with the reason).",
  "With an API key, list_letters pages through the letters that key sent, newest first, to find one again.",
  "Live letters (sandbox false) are paid by credit_code, or answer action_required with a payment link a person must open. Cancel before hand-off with DELETE /v1/orders/{id} and the cancel_token (HTTP API).",
  "Every failure carries code, reason, next (what to do) and retryable. Report a wrong answer or a docs mismatch with submit_feedback.",
].join("\n");

const SendLetterInputSchema = z
  .strictObject({
    ...letterFields,
    // Optional in the schema so that a missing token gets the API's own answer,
    // 428 confirmation_required (action_required: quote first), not a bare validation error.
    confirmation_token: letterFields.confirmation_token.describe("The confirmation_token from quote_letter (required; valid 30 minutes)."),
    idempotency_key: z
      .string({ error: "idempotency_key is required: a fresh UUID per letter, reused on every retry of it" })
      .min(1)
      .max(255)
      .describe("A fresh value (a UUID) for this letter; send the same value again when retrying so that it is never sent or charged twice."),
  })
  .superRefine(checkLetterRules);

const OrderOut = z.looseObject({ id: z.string(), status: z.string(), sandbox: z.boolean(), price_cents: z.number() });

const QuoteOutputSchema = successOrFailure(
  z.looseObject({
    status: z.literal("ok"),
    quote: z.looseObject({ id: z.string(), price_cents: z.number(), page_count: z.number(), format: z.string(), mail_class: z.string(), sandbox: z.boolean(), expires_at: z.string() }),
    confirmation_token: z.string(),
    next: z.array(z.string()),
  }),
);
const SendOutputSchema = successOrFailure(
  z.looseObject({
    status: z.enum(["ok", "action_required"]).describe("ok: accepted; action_required: a person must pay at payment_url"),
    order: OrderOut,
    tracking_url: z.string(),
    capability: z.looseObject({ cancel_token: z.string(), review_token: z.string() }).optional(),
    next: z.array(z.string()).optional(),
  }),
);
const StatusOutputSchema = successOrFailure(
  z.looseObject({
    status: z.enum(["ok", "action_required"]).describe("action_required: the letter waits for a person to pay at payment_url"),
    order: OrderOut,
    tracking_url: z.string(),
    tracking: z.looseObject({ status: z.string(), events: z.array(z.looseObject({ at: z.string(), description: z.string() })) }),
  }),
);
const ListOutputSchema = successOrFailure(
  z.looseObject({
    status: z.literal("ok"),
    orders: z.array(OrderOut).describe("The key's letters, newest first."),
    has_more: z.boolean(),
    next_starting_after: z.string().nullable().describe("Pass as starting_after, with the same filters, for the next page."),
    next: z.array(z.string()),
  }),
);
const FeedbackOutputSchema = successOrFailure(
  z.looseObject({ status: z.literal("ok"), feedback: z.looseObject({ id: z.string(), kind: z.string(), received_at: z.string() }), next: z.array(z.string()) }),
);

/** The HTTP request that carries the call, and its key: verified (enabled) by the route before any JSON-RPC. */
export type McpCallContext = { request: Request; requestId: string; key: VerifiedKey | null };

/** Registers the tools on one (per-request, stateless) server, bound to the HTTP request that carries the call. */
export function registerMailTools(server: McpServer, ctx: McpCallContext): void {
  // The SDK answers arguments that fail a tool's input schema with bare text; give them the
  // envelope like every other failure. (A private hook of McpServer 2.4; tests/api/mcp.test.ts
  // fails if it stops being used.)
  (server as unknown as { createToolError: (message: string) => ToolResult }).createToolError = sdkFailure;

  // Each tool runs its HTTP route's operation (lib/openapi/operations-*.ts): the same scope, and
  // the same throttle counted against the same bucket, as that route's wrapper applies.
  const run = (operation: RouteSpec, args: unknown, work: (caller: Caller) => Promise<ToolResult>) => async (): Promise<ToolResult> => {
    try {
      refuseControlCharacters(args, "arguments");
      // Scopes are per tool: a key that may only quote still connects and lists the tools.
      if (ctx.key && operation.scope !== null) requireScope(ctx.key, operation.scope);
      const caller = callerOf(ctx.request, ctx.key);
      if (operation.throttle && !operation.throttledByOperation) await throttle(operation.throttle, caller);
      return await work(caller);
    } catch (err) {
      return toolFailure(failureOf(err, ctx.requestId));
    }
  };

  server.registerTool(
    "quote_letter",
    {
      title: "Quote a letter",
      description:
        "Step 1 of sending mail. Prices a letter, postcard or notecard for free, verifies and corrects both US addresses, renders the exact PDF that will print (proof.pdf_url), and returns a confirmation_token valid 30 minutes. Nothing is sent or charged. Use sandbox: true to try the whole flow free. Then call send_letter with the same letter unchanged and this token.",
      inputSchema: QuoteRequestSchema,
      outputSchema: QuoteOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => run(quoteLetterOperation, args, async (caller) => toolSuccess(await createQuote(args, caller)))(),
  );

  server.registerTool(
    "send_letter",
    {
      title: "Send a quoted letter",
      description:
        "Step 2. Sends the letter exactly as quoted: requires the confirmation_token from quote_letter and an idempotency_key (a fresh UUID; reuse it when retrying, so the letter is never sent or charged twice). sandbox: true is free and simulated. A live letter is paid with credit_code, or answers status action_required with payment_url for a person to pay. Returns the order, its public tracking_url and capability tokens (cancel_token for DELETE /v1/orders/{id} before hand-off). A letter screening refuses (threats, fraud, impersonation) fails with code content_refused and the reason; nothing is charged, and sending it again unchanged is refused again. Then follow it with get_letter_status.",
      inputSchema: SendLetterInputSchema,
      outputSchema: SendOutputSchema,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    async (args) =>
      run(sendLetterOperation, args, async (caller) => {
        const { idempotency_key, ...letter } = args;
        const answer = presentCreatedOrder(await createOrder(letter, caller, parseIdempotencyKey(idempotency_key)));
        return resultOfHttp(answer.http, answer.body, answer.headers);
      })(),
  );

  server.registerTool(
    "get_letter_status",
    {
      title: "Get a letter's status",
      description:
        "Step 3. Reads an order by id (from send_letter): its status (pending_payment, screening, held_for_review, submitted, mailed, delivered, refused, canceled, failed), expected delivery, the refusal or failure reason, and the public tracking timeline with the place of each scan. Safe to poll; letters move over days (sandbox: minutes).",
      inputSchema: OrderIdParamsSchema,
      outputSchema: StatusOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) =>
      run(getOrderOperation, args, async () => {
        const order = await readOrder(args.id);
        const code = new URL(order.tracking_url).pathname.split("/t/")[1];
        const { tracking } = await readPublicTracking(code);
        return toolSuccess({ ...order, tracking });
      })(),
  );

  server.registerTool(
    "list_letters",
    {
      title: "List the letters a key sent",
      description:
        "Lists the orders created with the API key this connection sends (scope mail:read; without a key it fails with key_required), newest first, limit per page (default 20, at most 100). Filter by status (comma-separated, e.g. \"submitted,mailed\") and created_gte / created_lt (ISO 8601 timestamps with a zone). When has_more is true, call again with the same filters and starting_after: next_starting_after. Each item is the order as get_letter_status shows it; use that for its tracking timeline.",
      inputSchema: ListOrdersQuerySchema,
      outputSchema: ListOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => run(listOrdersOperation, args, async (caller) => toolSuccess(await listOrders(caller, args)))(),
  );

  server.registerTool(
    "submit_feedback",
    {
      title: "Report a problem",
      description:
        "Tells the operators about a wrong response, a mismatch between the docs and the behaviour, or a bug. Include the route or tool, the request_id or order_id, and what you expected versus what happened. Open to every caller; 10 a minute.",
      inputSchema: FeedbackRequestSchema,
      outputSchema: FeedbackOutputSchema,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    async (args) =>
      run(submitFeedbackOperation, args, async (caller) =>
        toolSuccess(await recordFeedback(args, caller, { requestId: ctx.requestId, userAgent: ctx.request.headers.get("user-agent") })),
      )(),
  );
}
