import { CANCELABLE, ORDER_STATUSES, isTerminal, type OrderStatus } from "@/lib/orders/state-machine";

// The state machine's answers for a status as the API spells it (a plain string in the
// browser), so the pages ask the one table instead of keeping their own lists.

const isOrderStatus = (status: string): status is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(status);

/** Delivered, refused, canceled or failed: nothing will happen to the letter any more. */
export const hasEnded = (status: string) => isOrderStatus(status) && isTerminal(status);

/** Not yet handed to the printer, so DELETE /v1/orders/{id} may still cancel it. */
export const isCancelable = (status: string) => isOrderStatus(status) && CANCELABLE.includes(status);
