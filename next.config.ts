import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PDFKit reads its built-in font metrics from its own folder at run time; bundling it breaks that.
  serverExternalPackages: ["pdfkit", "pino", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
};

export default nextConfig;
