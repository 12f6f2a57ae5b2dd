// What this browser keeps about the orders it placed, keyed by order id: the cancel token (the
// only key to the cancel button) and how the order was paid, for the receipt. Never a full
// credit code or anything about a card.

export type PaidWith =
  | { kind: "sandbox" }
  | { kind: "credit"; codeHint: string; chargedCents: number; balanceCents: number }
  | { kind: "card" };

export type StoredOrder = { cancelToken: string | null; paidWith: PaidWith; createdAt: string };

const key = (orderId: string) => `pm.order.${orderId}`;

export function saveOrder(orderId: string, order: StoredOrder): void {
  try {
    localStorage.setItem(key(orderId), JSON.stringify(order));
  } catch {
    // Storage full or disabled: the receipt e-mail still carries the cancel link.
  }
}

export function loadOrder(orderId: string): StoredOrder | null {
  try {
    const raw = localStorage.getItem(key(orderId));
    return raw ? (JSON.parse(raw) as StoredOrder) : null;
  } catch {
    return null;
  }
}
