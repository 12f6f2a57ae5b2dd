import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { pgPool } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import type { Caller } from "@/lib/auth/caller";

// Per-route throttles of spec 8.3, each its own bucket, keyed on the API key or the client
// address, counted in PostgreSQL so that every web instance shares them.
export const THROTTLES = {
  // POST /v1/quotes and quote_letter: not in spec 8.3. Quoting lays out a document of up to
  // 15 MB; 120 a minute is far above the compose page's live quote (one per 700 ms pause in
  // typing) and an agent that quotes before each send, and stops one caller from using the
  // layout as a free PDF renderer at full speed.
  quotes: { points: 120, duration: 60 },
  orders_sandbox: { points: 20, duration: 60 },
  uploads: { points: 10, duration: 60 },
  credits_checkout: { points: 10, duration: 60 },
  // GET /v1/credits/{code}: not in spec 8.3. A code is a bearer secret; one caller guessing
  // them (680 a second before this) gets 30 a minute, plenty for checking one's own codes.
  credits_lookup: { points: 30, duration: 60 },
  // GET /v1/orders and list_letters: not in spec 8.3. A page is one indexed read of at most
  // 100 orders; 60 a minute pages through 6,000 orders a minute and keeps a polling loop cheap.
  orders_list: { points: 60, duration: 60 },
  // POST /v1/x402/credits: not in spec 8.3; as tight as the card checkout (a paid purchase is two calls).
  x402_credits: { points: 10, duration: 60 },
  address_autocomplete: { points: 30, duration: 60 },
  address_reverse: { points: 30, duration: 60 },
  feedback: { points: 10, duration: 60 },
  csv_map: { points: 10, duration: 60 },
  suggest_class: { points: 10, duration: 60 },
  // POST /v1/reviews and the no-JS review form: not in spec 8.3; as tight as feedback.
  reviews: { points: 10, duration: 60 },
} as const;
export type ThrottleBucket = keyof typeof THROTTLES;

const limiters = new Map<ThrottleBucket, RateLimiterPostgres>();

function limiter(bucket: ThrottleBucket): RateLimiterPostgres {
  let l = limiters.get(bucket);
  if (!l) {
    l = new RateLimiterPostgres({
      storeClient: pgPool(),
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true, // created by the migrations
      keyPrefix: bucket,
      ...THROTTLES[bucket],
    });
    limiters.set(bucket, l);
  }
  return l;
}

export async function throttle(bucket: ThrottleBucket, caller: Caller): Promise<void> {
  if (env().THROTTLES_DISABLED) return;
  try {
    await limiter(bucket).consume(caller.actor);
  } catch (res) {
    if (res instanceof RateLimiterRes) {
      const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      throw new ApiError("rate_limited", `Too many requests to this route: the limit is ${THROTTLES[bucket].points} a minute. Retry in ${retryAfter} s.`, {
        headers: { "Retry-After": String(retryAfter) },
      });
    }
    throw new ApiError("service_unavailable", "The throttle store cannot be reached.", { headers: { "Retry-After": "5" } });
  }
}
