import { ApiError } from "@/lib/errors/api-error";
import { hasPdfHeader } from "@/lib/documents/inspect-pdf";
import { fetchLimited, OutboundFetchError, type OutboundFetchErrorKind } from "@/lib/net/safe-fetch";

export const PDF_FETCH_MAX_BYTES = 10_485_760;
export const PDF_FETCH_TIMEOUT_MS = 15_000;


const ADVICE: Record<OutboundFetchErrorKind, string> = {
  invalid_url: "send the full https:// address of the PDF",
  scheme: "send the https:// address of the PDF",
  refused_address: "the PDF must be on the public internet",
  dns: "check the host name in the URL",
  connect: "check that the server is up and reachable from the internet",
  timeout: "serve the PDF from a faster host, or send it with POST /v1/uploads",
  too_large: "send a smaller PDF",
  http_status: "the URL must answer 200 with the PDF itself, without sign-in",
  too_many_redirects: "link to the PDF directly",
};

/**
 * Downloads the PDF a caller named in pdf_url. Every failure is a `pdf_fetch_failed` whose
 * reason says what went wrong and what to do. Only checks that the bytes claim to be a PDF;
 * whether it is a printable one is decided by the PDF checks.
 */
export async function fetchPdf(url: string): Promise<Buffer> {
  let response;
  try {
    response = await fetchLimited(url, {
      maxBytes: PDF_FETCH_MAX_BYTES,
      timeoutMs: PDF_FETCH_TIMEOUT_MS,
      accept: "application/pdf, application/octet-stream;q=0.5, */*;q=0.1",
    });
  } catch (err) {
    if (err instanceof OutboundFetchError) throw refused(`${err.message}; ${ADVICE[err.kind]}.`);
    throw err;
  }

  const mediaType = (response.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (mediaType === "text/html" || mediaType === "application/xhtml+xml") {
    throw refused("the URL returned a web page, not a PDF; link to the PDF file itself (often a \"download\" link), not to a page that shows it.");
  }
  // Servers often label PDFs application/octet-stream or nothing at all, so only types that
  // clearly name something else are refused; the magic bytes decide the rest.
  if (/^(image|audio|video)\//.test(mediaType) || mediaType === "application/json") {
    throw refused(`the URL returned ${mediaType}, not a PDF; link to the PDF file itself.`);
  }
  if (!hasPdfHeader(response.body)) {
    // Skips a UTF-8 byte-order mark, which latin1 decoding shows as three characters.
    const looksLikeHtml = /^(\u00ef\u00bb\u00bf)?\s*</.test(response.body.subarray(0, 256).toString("latin1"));
    throw refused(
      looksLikeHtml
        ? "the URL returned a web page, not a PDF; link to the PDF file itself, not to a page that shows it."
        : "the file at the URL is not a PDF (it does not start with %PDF-); send a PDF.",
    );
  }
  return response.body;
}

function refused(reason: string): ApiError {
  return new ApiError("pdf_fetch_failed", `pdf_url: ${reason}`);
}
