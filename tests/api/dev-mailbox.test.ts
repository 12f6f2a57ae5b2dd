import { vi, describe, expect, it } from "vitest";

// No SMTP server configured: e-mail goes to the development mailbox (issue 6.2).
vi.hoisted(() => {
  delete process.env.SMTP_URL;
});

import { renderToStaticMarkup } from "react-dom/server";
import DevMailboxPage from "@/app/dev/mailbox/page";
import DevMailPage from "@/app/dev/mailbox/[id]/page";
import { db } from "@/lib/db";
import { sendOrderEmail } from "@/lib/notifications/email/send-order-email";
import { sendSandboxLetter } from "@/tests/support/orders";

describe("the development mailbox", () => {
  it("keeps every e-mail the service sends when no SMTP_URL is set, readable in the browser", async () => {
    const email = `dev.${Math.random().toString(36).slice(2, 10)}@example.com`;
    const res = await sendSandboxLetter({ email });
    const [receipt] = await db().orderEmail.findMany({ where: { orderId: res.json.order.id, kind: "receipt" } });
    expect(await sendOrderEmail(receipt.id)).toEqual({ kind: "sent", via: "dev_mailbox" });
    const kept = await db().devMail.findUniqueOrThrow({ where: { id: receipt.id } });
    expect(kept).toMatchObject({ to: email, subject: "[Sandbox] We have your letter to Albany, NY" });
    expect(kept.html).toContain(res.json.tracking_url);
    expect(kept.text).toContain(res.json.tracking_url);

    // The list page links to it; its page shows the HTML part in a sandboxed frame and the text part.
    const list = renderToStaticMarkup(await DevMailboxPage());
    expect(list).toContain(`href="/dev/mailbox/${receipt.id}"`);
    expect(list).toContain("We have your letter to Albany, NY");
    const one = renderToStaticMarkup(await DevMailPage({ params: Promise.resolve({ id: receipt.id }) }));
    expect(one).toMatch(/<iframe[^>]*sandbox="allow-top-navigation-by-user-activation"/);
    expect(one).toContain(`to ${email}`);
    expect(one).toContain(res.json.tracking_url);
  });
});
