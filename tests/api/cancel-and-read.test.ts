import { describe, expect, it } from "vitest";
import { GET as getOrder, DELETE as deleteOrder } from "@/app/v1/orders/[id]/route";
import { db } from "@/lib/db";
import { issueCapability } from "@/lib/orders/capability-tokens";
import { call, address } from "@/tests/support/api";
import { sendSandboxLetter } from "@/tests/support/orders";

const held = () => sendSandboxLetter({ to: address({ name: "Sandbox Hold Tester" }) });

describe("GET /v1/orders/{id}", () => {
  it("reads an order with its tracking link", async () => {
    const sent = await sendSandboxLetter();
    const res = await call(getOrder, { params: { id: sent.json.order.id } });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("ok");
    expect(res.json.order.id).toBe(sent.json.order.id);
    expect(res.json.tracking_url).toBe(sent.json.tracking_url);
    expect(res.json.order.to.line1).toBeUndefined();
  });

  it("answers 404 order_not_found for an unknown id and 400 for a malformed one", async () => {
    const missing = await call(getOrder, { params: { id: "ord_test_" + "0".repeat(24) } });
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe("order_not_found");
    const bad = await call(getOrder, { params: { id: "12" } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("validation_error");
  });
});

describe("DELETE /v1/orders/{id}", () => {
  it("cancels an order before hand-off with the cancel token, and records the event", async () => {
    const sent = await held();
    expect(sent.json.order.status).toBe("screening");
    const id = sent.json.order.id;
    const res = await call(deleteOrder, { method: "DELETE", params: { id }, headers: { "X-Capability-Token": sent.json.capability.cancel_token } });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("ok");
    expect(res.json.order.status).toBe("canceled");
    const events = await db().orderEvent.findMany({ where: { orderId: id, toStatus: "canceled" } });
    expect(events).toHaveLength(1);
    expect(events[0].fromStatus).toBe("screening");
  });

  it("accepts the legacy X-Cancel-Token header, and a repeated cancel answers the same", async () => {
    const sent = await held();
    const id = sent.json.order.id;
    const headers = { "X-Cancel-Token": sent.json.capability.cancel_token };
    expect((await call(deleteOrder, { method: "DELETE", params: { id }, headers })).json.order.status).toBe("canceled");
    const again = await call(deleteOrder, { method: "DELETE", params: { id }, headers });
    expect(again.status).toBe(200);
    expect(again.json.order.status).toBe("canceled");
  });

  it("cancels once under parallel requests", async () => {
    const sent = await held();
    const id = sent.json.order.id;
    const headers = { "X-Capability-Token": sent.json.capability.cancel_token };
    const results = await Promise.all(Array.from({ length: 5 }, () => call(deleteOrder, { method: "DELETE", params: { id }, headers })));
    expect(results.every((r) => r.status === 200 && r.json.order.status === "canceled")).toBe(true);
    expect(await db().orderEvent.count({ where: { orderId: id, toStatus: "canceled" } })).toBe(1);
  });

  it("answers 409 already_submitted once the letter was handed over, and changes nothing", async () => {
    const sent = await sendSandboxLetter();
    const id = sent.json.order.id;
    const res = await call(deleteOrder, { method: "DELETE", params: { id }, headers: { "X-Capability-Token": sent.json.capability.cancel_token } });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("already_submitted");
    expect((await db().order.findUniqueOrThrow({ where: { id } })).status).toBe("submitted");
  });

  it("refuses a missing, wrong, expired, other-order or review token", async () => {
    const sent = await held();
    const other = await held();
    const id = sent.json.order.id;
    const del = (headers: Record<string, string>) => call(deleteOrder, { method: "DELETE", params: { id }, headers });

    const missing = await del({});
    expect(missing.status).toBe(401);
    expect(missing.json.code).toBe("capability_required");
    for (const token of [
      sent.json.capability.review_token,
      other.json.capability.cancel_token,
      issueCapability(id, "cancel", Date.now() - 8 * 24 * 3600 * 1000),
      "cap_garbage",
    ]) {
      const res = await del({ "X-Capability-Token": token });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("invalid_capability");
    }
    expect((await db().order.findUniqueOrThrow({ where: { id } })).status).toBe("screening");
  });
});
