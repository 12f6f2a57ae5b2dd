import { render } from "@react-email/render";
import { composeOrderEmail, type EmailContent, type OrderEmailInput } from "./compose-order-email";
import { OrderEmailDocument } from "./email-layout";

/** One order e-mail: subject, HTML part and text part, all from the same content. */
export async function renderOrderEmail(input: OrderEmailInput): Promise<{ subject: string; html: string; text: string }> {
  const content = composeOrderEmail(input);
  const html = await render(<OrderEmailDocument content={content} />);
  return { subject: content.subject, html, text: renderText(content) };
}

// Written by hand rather than converted from the HTML: every link comes out as its bare URL
// on its own line, and the price table stays aligned.
function renderText(c: EmailContent): string {
  const out: string[] = [c.heading, "=".repeat(c.heading.length), ""];
  if (c.sandboxNotice) out.push(`** ${c.sandboxNotice} **`, "");
  for (const b of c.blocks) {
    switch (b.type) {
      case "paragraph":
        out.push(b.text);
        break;
      case "quote":
        out.push(...b.text.split(/\r?\n/).map((l) => `> ${l}`));
        break;
      case "facts":
        out.push(...b.rows.map(([label, value]) => `${label}: ${value}`));
        break;
      case "breakdown": {
        const rows = [...b.lines, ["Total", b.total] as [string, string]];
        const width = Math.max(...rows.map(([label]) => label.length));
        const amountWidth = Math.max(...rows.map(([, amount]) => amount.length));
        for (const [i, [label, amount]] of rows.entries()) {
          if (i === rows.length - 1) out.push("-".repeat(width + 2 + amountWidth));
          out.push(`${label.padEnd(width)}  ${amount.padStart(amountWidth)}`);
        }
        break;
      }
      case "button":
      case "link":
        out.push(`${b.label}:`, b.url);
        break;
    }
    out.push("");
  }
  out.push("--", ...c.footer);
  return out.join("\n") + "\n";
}
