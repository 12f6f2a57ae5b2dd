import { z } from "zod";
import { UPLOAD_KEY_FORM } from "@/lib/letters/schemas";
import { CREDIT_CODE_FORM } from "@/lib/letters/credit-code-form";

// The documented form of path parameters whose routes take any string on purpose (the lib
// answers a specific code for a malformed one: invalid_upload_key, proof_not_found,
// credit_code_unknown). They describe the form for the document; the route parses
// AnyStringParams.

/** A path parameter the route takes as any string: the lib checks its form and answers its own code. */
export const AnyStringParams = <K extends string>(name: K) => z.object({ [name]: z.string() } as Record<K, z.ZodString>);

/** app/v1/uploads/[key]/route.ts takes any string; lib/documents/uploads.ts refuses other forms with invalid_upload_key. */
export const UploadKeyParamsSchema = z.object({ key: z.string().regex(UPLOAD_KEY_FORM) });

/** app/v1/proofs/[file]/route.ts takes any string; other forms are 404 proof_not_found. */
export const ProofFileParamsSchema = z.object({ file: z.string().regex(/^pf_[0-9a-z]{24}\.(pdf|png)$/) });

/** app/v1/credits/[code]/route.ts takes any string; lib/payments/credits/credits.ts checks the form (any case). */
export const CreditCodeParamsSchema = z.object({ code: z.string().regex(CREDIT_CODE_FORM) });
