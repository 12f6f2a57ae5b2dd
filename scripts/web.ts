// The web process: Next.js behind a plain Node HTTP server, so that the client address the
// routes see comes from the socket (or from our own proxies, TRUST_PROXY_HOPS) and never from
// a header a client made up. Run it alone at scale; scripts/start.ts runs it for you locally.
import { createServer } from "node:http";
import next from "next";
import { env } from "@/lib/env";
import { CLIENT_IP_HEADER, clientIpOf } from "@/lib/http/client-ip";
import { log } from "@/lib/log";
import { answerOutagesWith503, answersOwnOutages } from "@/lib/http/page-outage";
import { answerMalformedRequest, answerUnparsableRequest } from "@/lib/http/raw-request-guard";
import { answerTrailingSlash } from "@/lib/http/fallback-routes";
import { securityHeaders } from "@/lib/http/security-headers";
import { surviveDatabaseOutages } from "@/lib/process-outages";
import { pointPdfSandboxAtBundle } from "@/scripts/support/compiled";
import { startReportingSharedCounts, stopReportingSharedCounts } from "@/lib/monitoring/shared-counts";

const config = env(); // fail fast on bad configuration
surviveDatabaseOutages("web server");
pointPdfSandboxAtBundle();
const host = process.env.HOST ?? "0.0.0.0";
const app = next({ dev: false, dir: process.cwd(), hostname: host, port: config.PORT });
const handle = app.getRequestHandler();
await app.prepare();

const headers = Object.entries(securityHeaders({ stripe: Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY), stripeApi: config.STRIPE_API_BASE }));

const server = createServer((req, res) => {
  for (const [name, value] of headers) res.setHeader(name, value);
  if (answerMalformedRequest(req, res) || answerTrailingSlash(req, res)) return;
  delete req.headers[CLIENT_IP_HEADER];
  const ip = clientIpOf(req, config.TRUST_PROXY_HOPS);
  if (ip) req.headers[CLIENT_IP_HEADER] = ip;
  if (!answersOwnOutages(req.url)) answerOutagesWith503(req, res, config.DATABASE_URL);
  handle(req, res);
});
server.on("clientError", answerUnparsableRequest);
server.keepAliveTimeout = 65_000;
// What this process counts (lib/metrics) goes to the service's totals every few seconds.
startReportingSharedCounts();
server.listen(config.PORT, host, () => {
  log.info({ url: config.PUBLIC_BASE_URL, port: config.PORT }, "web server listening");
  process.send?.("ready"); // to scripts/start.ts, when it started this process
});

const shutdown = () => {
  // Counts are reported at once (an idle keep-alive connection can hold close() up to the exit
  // below), and again once the last request has been answered.
  void stopReportingSharedCounts();
  server.close(() => void stopReportingSharedCounts().finally(() => process.exit(0)));
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
