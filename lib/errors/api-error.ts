import { ERRORS, type ErrorCode } from "@/lib/errors/error-catalogue";

// The one error type every layer throws; the route wrapper turns it into the spec's envelope.
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly next: string[];
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, reason?: string, options: { next?: string[]; headers?: Record<string, string> } = {}) {
    super(reason ?? ERRORS[code].summary);
    this.code = code;
    this.next = options.next ?? ERRORS[code].next;
    this.headers = options.headers ?? {};
  }

  get http(): number {
    return ERRORS[this.code].http;
  }

  envelope() {
    return { status: ERRORS[this.code].status, code: this.code, reason: this.message, next: this.next };
  }
}
