// The form of an order id (spec 2.1): "ord_" for a live letter, "ord_test_" for a sandbox one,
// then 24 lowercase letters and digits. Pure, so pages can refuse a malformed id before any read.

export const ORDER_ID_FORM = /^ord_(test_)?[0-9a-z]{24}$/;

export const isOrderId = (id: string) => ORDER_ID_FORM.test(id);

/** A sandbox order is free: it never has anything to pay. */
export const isSandboxOrderId = (id: string) => id.startsWith("ord_test_");
