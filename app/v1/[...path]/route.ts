import { notFoundRoutes } from "@/lib/http/fallback-routes";

// Any /v1 path no route serves gets the envelope, not Next's HTML 404.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundRoutes();
