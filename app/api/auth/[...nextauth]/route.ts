import type { NextRequest } from "next/server";
import { env } from "@/lib/env";
import { handlers } from "@/lib/ops/auth";

// next-auth's routes for operator sign-in (/api/auth/*). The request is rewritten to
// PUBLIC_BASE_URL's origin first (what next-auth does with AUTH_URL), so the URLs and
// redirects it builds never come from a client's Host header or from the address the server
// listens on. next-auth only reads the standard `url` of the request, so a plain Request is
// passed: a NextRequest would turn 127.0.0.1 into localhost.
export const dynamic = "force-dynamic";

async function pinned(req: NextRequest): Promise<NextRequest> {
  const url = new URL(req.url);
  const target = new URL(`${url.pathname}${url.search}`, `${env().PUBLIC_BASE_URL}/`);
  const body = req.method === "POST" ? await req.arrayBuffer() : undefined;
  return new Request(target, { method: req.method, headers: req.headers, body }) as unknown as NextRequest;
}

export const GET = async (req: NextRequest) => handlers.GET(await pinned(req));
export const POST = async (req: NextRequest) => handlers.POST(await pinned(req));
