import type http from "node:http";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { randomIp } from "@/tests/support/api";
import { startLocalServer, type LocalServer } from "@/tests/support/local-http";

// Serves one route handler over real HTTP on a local port, the way scripts/web.ts hands
// requests to Next: a web Request with the client address header set by us (never by the
// client). For clients that need a real URL to talk to, such as @x402/fetch and the MCP client. Each request gets a
// fresh address so tests do not share a throttle bucket, unless it sends `x-test-client-ip`.

type Handler = (req: Request, ctx?: { params?: Promise<unknown> }) => Promise<Response>;

export async function serveRoute(path: string, handler: Handler): Promise<LocalServer> {
  return startLocalServer({
    [path]: (req, res) => {
      forward(req, res, handler).catch((err) => {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(err));
      });
    },
  });
}

async function forward(req: http.IncomingMessage, res: http.ServerResponse, handler: Handler) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  headers.set(CLIENT_IP_HEADER, headers.get("x-test-client-ip") ?? randomIp());
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
  const response = await handler(request, { params: Promise.resolve({}) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  // Streamed as it comes (an MCP answer may be an event stream).
  if (response.body) for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
  res.end();
}
