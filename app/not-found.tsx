import type { Metadata } from "next";
import { PageNotFound } from "@/components/site/page-not-found";

export const metadata: Metadata = { title: "Not found", robots: { index: false } };

/** Addresses that match no route (pages that find nothing render PageNotFound themselves). */
export default function NotFound() {
  return <PageNotFound />;
}
