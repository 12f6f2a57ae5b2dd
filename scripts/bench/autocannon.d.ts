// Minimal types for the part of autocannon's programmatic API that scripts/bench.ts uses
// (the package ships no types and @types/autocannon is not installed). If @types/autocannon
// is ever added as a devDependency, delete this file.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  type Headers = Record<string, string>;

  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Headers;
    body?: string | Buffer;
    [key: string]: unknown;
  }

  export interface Request extends RequestParams {
    /** Called before each request is built; return the (modified) request, or a falsy value to restart the list. */
    setupRequest?: (req: RequestParams, context: Record<string, unknown>) => RequestParams | null | undefined | false;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number | string;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    workers?: number;
    method?: string;
    headers?: Headers;
    body?: string | Buffer;
    requests?: Request[];
    title?: string;
    idReplacement?: boolean;
    initialContext?: Record<string, unknown>;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    sent?: number;
    p0_001?: number;
    p0_01?: number;
    p0_1?: number;
    p1: number;
    p2_5: number;
    p10: number;
    p25: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
    p99_99: number;
    p99_999: number;
  }

  export interface Result {
    title?: string;
    url: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    start: Date;
    finish: Date;
    connections: number;
    pipelining: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Instance extends EventEmitter {
    stop(): void;
  }

  function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
