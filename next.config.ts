import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PDFKit reads its built-in font metrics from its own folder at run time; bundling it breaks that.
  // pdfjs-dist loads its worker, fonts and @napi-rs/canvas native binding from its own folder.
  // prom-client: one copy per process, the one the web server (scripts/web.ts) loads too (lib/metrics).
  serverExternalPackages: ["pdfkit", "pino", "pg", "@prisma/adapter-pg", "pdfjs-dist", "@napi-rs/canvas", "pdf-lib", "zipcodes", "tsx", "prom-client"],
  poweredByHeader: false,
  // Parallel builds on one checkout (several browser-test runs at once) each take their own
  // folder; everything else uses .next.
  ...(process.env.NEXT_DIST_DIR ? { distDir: process.env.NEXT_DIST_DIR } : {}),
};

export default nextConfig;
