import type { ReactNode } from "react";
import { statusWords } from "@/lib/tracking/tracking-progress";

type Props = {
  orderId: string;
  status: string;
  /** What follows the status in the same sentence (tracking number, what happens next). */
  children?: ReactNode;
  className?: string;
};

/**
 * "Order ord_… is screening (being checked)." as a live region: the status as the API names it
 * (which the sender may quote to support) and in the words the tracking page uses.
 */
export function OrderStatusSentence({ orderId, status, children, className = "" }: Props) {
  return (
    <p className={className} role="status" aria-live="polite">
      Order <span className="break-all font-mono">{orderId}</span> is <strong data-testid="order-status">{status.replace(/_/g, " ")}</strong> ({statusWords(status)}).
      {children}
    </p>
  );
}
