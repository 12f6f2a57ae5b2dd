// The chains POST /v1/x402/credits can take USDC on, each with Circle's USDC contract and the
// EIP-712 domain (name, version) its transferWithAuthorization signatures use. A wrong domain
// makes every signature fail on chain, so these mirror @x402/evm's DEFAULT_ASSETS table (a unit
// test keeps them equal). No imports: lib/env.ts reads it at start, so it sits beside it at the bottom layer.
export const X402_NETWORKS = {
  "eip155:84532": { label: "Base Sepolia", usdc: "0x036CbD53842c5426634e7929541eC2318f3dCF7e", eip712: { name: "USDC", version: "2" } },
  "eip155:8453": { label: "Base", usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", eip712: { name: "USD Coin", version: "2" } },
} as const;

export type X402Network = keyof typeof X402_NETWORKS;
export const X402_NETWORK_IDS = Object.keys(X402_NETWORKS) as [X402Network, ...X402Network[]];

/** USDC has 6 decimals: one cent is 10,000 atomic units. */
export const USDC_UNITS_PER_CENT = 10_000;
