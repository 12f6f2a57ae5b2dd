import { notFound } from "@/lib/http/fallback-routes";

// Bare /v1 serves nothing: the envelope that says where the operations are, not Next's HTML 404.
export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
