import { HTTPFacilitatorClient, x402ResourceServer } from "@x402/core/server";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { ApiError } from "@/lib/errors/api-error";
import { log } from "@/lib/log";
import type { X402Settings } from "@/lib/payments/x402/settings";

// The x402 v2 resource server of @x402/core, speaking to the configured facilitator over its
// HTTP API (GET /supported, POST /verify, POST /settle) with the EVM "exact" scheme (EIP-3009
// transferWithAuthorization). It builds the payment requirements, matches a payload to them
// and calls the facilitator; what a payment buys (packs, minting, replays) stays ours.
// The facilitator is the port's far side: any x402 facilitator (or tests/support's fake).

/** Each facilitator call may take this long; a settle that runs out has an unknown outcome. */
const FACILITATOR_TIMEOUT_MS = 30_000;

let cached: { key: string; ready: Promise<x402ResourceServer> } | undefined;

/** The resource server for these settings, initialized once (it reads the facilitator's /supported). */
export async function x402Server(settings: X402Settings): Promise<x402ResourceServer> {
  const key = `${settings.facilitatorUrl} ${settings.network}`;
  if (!cached || cached.key !== key) {
    const server = new x402ResourceServer(new HTTPFacilitatorClient({ url: settings.facilitatorUrl, timeoutMs: FACILITATOR_TIMEOUT_MS })).register(
      settings.network,
      new ExactEvmScheme(),
    );
    const ready = server.initialize().then(() => server);
    const entry = { key, ready };
    cached = entry;
    // A facilitator that was down is asked again on the next request.
    ready.catch(() => {
      if (cached === entry) cached = undefined;
    });
  }
  try {
    return await cached.ready;
  } catch (err) {
    log.warn({ err: String(err), facilitator: new URL(settings.facilitatorUrl).host }, "x402 facilitator unreachable");
    throw new ApiError("facilitator_unavailable", "The x402 payment facilitator cannot be reached right now; nothing was charged or minted.", { headers: { "Retry-After": "5" } });
  }
}
