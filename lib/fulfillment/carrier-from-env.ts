import { env } from "@/lib/env";
import type { Carrier } from "@/lib/fulfillment/carrier";
import { LobCarrier } from "@/lib/fulfillment/lob-carrier";
import { SandboxCarrier } from "@/lib/fulfillment/sandbox-carrier";
import type { Format, MailClass } from "@/lib/letters/formats";

// Which carrier prints an order. Sandbox orders always go to the simulation. Live orders go to
// Lob when FULFILLMENT=lob; otherwise, in development and tests, to the simulation too (so the
// whole paid path can be tried on a laptop), and in production nowhere: they are refused with
// 503 no_rail_for_format before anything is created or charged.

const globalForCarriers = globalThis as unknown as { __mailCarriers?: { sandbox: SandboxCarrier; lob?: LobCarrier } };

function carriers() {
  if (!globalForCarriers.__mailCarriers) {
    const e = env();
    globalForCarriers.__mailCarriers = {
      sandbox: new SandboxCarrier(),
      lob: e.FULFILLMENT === "lob" ? new LobCarrier({ apiKey: e.LOB_API_KEY!, baseUrl: `${e.LOB_API_BASE.replace(/\/+$/, "")}/v1`, timeoutMs: e.LOB_TIMEOUT_SECONDS * 1000 }) : undefined,
    };
  }
  return globalForCarriers.__mailCarriers;
}

/** The carrier an order is handed to, or null when no rail exists for it on this deployment. */
export function carrierForOrder(sandbox: boolean): Carrier | null {
  const c = carriers();
  if (sandbox) return c.sandbox;
  if (c.lob) return c.lob;
  return env().SERVICE_ENV === "production" ? null : c.sandbox;
}

/** The carrier that holds a submitted piece (by the name stored on the order). */
export function carrierNamed(name: string): Carrier {
  const c = carriers();
  if (name === "lob" && c.lob) return c.lob;
  if (name === "sandbox") return c.sandbox;
  throw new Error(`carrier ${name} is not configured on this deployment`);
}

/** Why a live or sandbox order of this format and class cannot be mailed here, or null. */
export function noRailReason(sandbox: boolean, format: Format, mailClass: MailClass): string | null {
  const carrier = carrierForOrder(sandbox);
  if (!carrier) return "No live print-and-mail carrier is configured on this deployment.";
  return carrier.noRailReason(format, mailClass);
}

/** Whether live letters are really printed here (not carried by the simulation). */
export function livePrintingConfigured(): boolean {
  return carrierForOrder(false)?.name === "lob";
}
