import type { VerifiedKey } from "@/lib/auth/api-keys";

/** Who is calling: the verified key if one was sent, and the client address. */
export type Caller = {
  key: VerifiedKey | null;
  ip: string | null;
  /** What throttles and caps count against: the key id when present, else the address. */
  actor: string;
};
