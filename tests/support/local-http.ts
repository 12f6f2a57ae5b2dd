import http from "node:http";
import type { AddressInfo } from "node:net";

export type LocalServer = {
  /** http://host:port, with IPv6 hosts in brackets. */
  origin: string;
  port: number;
  /** Paths requested so far, in order (path + query as received). */
  hits: string[];
  close(): Promise<void>;
};

/**
 * A real HTTP server on an ephemeral port, answering by exact path (query ignored); 404 for
 * anything else. For tests that need the far side of an outbound request.
 */
export async function startLocalServer(
  routes: Record<string, http.RequestListener>,
  host = "127.0.0.1",
): Promise<LocalServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const route = routes[path];
    if (route) return route(req, res);
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        // Slow and endless routes keep sockets open; a test must not wait for them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ReceivedRequest = { path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * A route that keeps every request it reads in `into` (path without query, headers, body as
 * text), then lets `answer` reply: a webhook receiver, seen from the test.
 */
export function recordingRoute(into: ReceivedRequest[], answer: (path: string, res: http.ServerResponse) => void): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      into.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      answer(path, res);
    });
  };
}
