import { notFoundRoutes } from "@/lib/http/fallback-routes";

// Bare /v1 serves nothing: the envelope that says where the operations are, not Next's HTML 404.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundRoutes();
