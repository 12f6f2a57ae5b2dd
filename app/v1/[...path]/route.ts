import { notFound } from "@/lib/http/fallback-routes";

// Any /v1 path no route serves gets the envelope, not Next's HTML 404.
export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
