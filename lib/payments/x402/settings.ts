import { getAddress, isAddress } from "viem";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { log } from "@/lib/log";
import { X402_NETWORKS, type X402Network } from "@/lib/x402-networks";

// What this deployment asks agents to pay with: read from lib/env.ts, resolved (default USDC
// and its EIP-712 domain) and checksummed once per call. No facilitator configured means no
// paid purchases: the route answers 503 x402_unavailable (sandbox purchases still work).

export type X402Settings = {
  facilitatorUrl: string;
  network: X402Network;
  /** The token contract, EIP-55 checksummed. */
  asset: `0x${string}`;
  /** The token's EIP-712 domain, which every transferWithAuthorization signature is bound to. */
  assetName: string;
  assetVersion: string;
  payTo: `0x${string}`;
  timeoutSeconds: number;
};

export function x402Settings(): X402Settings {
  const e = env();
  if (!e.X402_FACILITATOR_URL) {
    throw new ApiError("x402_unavailable", "This deployment has no x402 payment facilitator configured, so it takes no agent payments; nothing was charged.");
  }
  const usdc = X402_NETWORKS[e.X402_NETWORK];
  const asset = e.X402_ASSET ?? usdc.usdc;
  const isUsdc = asset.toLowerCase() === usdc.usdc.toLowerCase();
  return {
    facilitatorUrl: e.X402_FACILITATOR_URL,
    network: e.X402_NETWORK,
    asset: checksummed(asset, "X402_ASSET"),
    // lib/env.ts refuses a token other than USDC without its domain.
    assetName: e.X402_ASSET_NAME ?? (isUsdc ? usdc.eip712.name : ""),
    assetVersion: e.X402_ASSET_VERSION ?? (isUsdc ? usdc.eip712.version : ""),
    payTo: checksummed(e.X402_PAY_TO!, "X402_PAY_TO"),
    timeoutSeconds: e.X402_TIMEOUT_SECONDS,
  };
}

// A mixed-case address carries an EIP-55 checksum; a wrong one is a typo, and a typo in the
// payee sends the money elsewhere. (lib/env.ts checks the form only, to stay free of viem.)
function checksummed(value: string, name: string): `0x${string}` {
  if (!isAddress(value, { strict: true })) {
    log.error({ name }, "x402 configuration: address fails its EIP-55 checksum");
    throw new ApiError("x402_unavailable", `This deployment's x402 configuration is invalid (${name} fails its EIP-55 checksum), so it takes no agent payments; nothing was charged.`);
  }
  return getAddress(value);
}
