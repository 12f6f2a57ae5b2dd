import type { CSSProperties, ReactNode } from "react";
import { BRAND, type EmailBlock, type EmailContent } from "./compose-order-email";

// Inline styles and nested tables only: most mail clients drop <style> and ignore flex/grid.
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = "#1c1917";
const MUTED = "#78716c";
const RULE = "#e7e5e4";
const ACCENT = "#1c1917";

const cell: CSSProperties = { fontFamily: FONT, fontSize: 15, lineHeight: "22px", color: INK };

function Row({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <tr>
      <td style={{ ...cell, padding: "0 32px 16px", ...style }}>{children}</td>
    </tr>
  );
}

function Table({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} border={0} style={{ borderCollapse: "collapse", ...style }}>
      <tbody>{children}</tbody>
    </table>
  );
}

function Facts({ rows }: { rows: Array<[string, string]> }) {
  return (
    <Table>
      {rows.map(([label, value], i) => (
        <tr key={i}>
          <td style={{ ...cell, color: MUTED, padding: "4px 16px 4px 0", verticalAlign: "top", width: 140 }}>{label}</td>
          <td style={{ ...cell, padding: "4px 0", verticalAlign: "top" }}>{value}</td>
        </tr>
      ))}
    </Table>
  );
}

function Breakdown({ lines, total }: { lines: Array<[string, string]>; total: string }) {
  const line = { ...cell, padding: "6px 0", borderBottom: `1px solid ${RULE}` };
  return (
    <Table>
      {lines.map(([label, amount], i) => (
        <tr key={i}>
          <td style={line}>{label}</td>
          <td style={{ ...line, textAlign: "right", whiteSpace: "nowrap", paddingLeft: 16 }}>{amount}</td>
        </tr>
      ))}
      <tr>
        <td style={{ ...cell, padding: "8px 0", fontWeight: 700 }}>Total</td>
        <td style={{ ...cell, padding: "8px 0 8px 16px", fontWeight: 700, textAlign: "right", whiteSpace: "nowrap" }}>{total}</td>
      </tr>
    </Table>
  );
}

function Button({ label, url }: { label: string; url: string }) {
  return (
    <>
      <table role="presentation" cellPadding={0} cellSpacing={0} border={0} style={{ borderCollapse: "separate" }}>
        <tbody>
          <tr>
            <td style={{ backgroundColor: ACCENT, borderRadius: 6 }}>
              <a
                href={url}
                style={{ display: "inline-block", padding: "12px 22px", fontFamily: FONT, fontSize: 15, fontWeight: 600, color: "#ffffff", textDecoration: "none", borderRadius: 6 }}
              >
                {label}
              </a>
            </td>
          </tr>
        </tbody>
      </table>
      {/* The address spelled out, for clients that block buttons and for people who copy links. */}
      <p style={{ ...cell, fontSize: 13, lineHeight: "18px", color: MUTED, margin: "8px 0 0", wordBreak: "break-all" }}>
        <a href={url} style={{ color: MUTED }}>
          {url}
        </a>
      </p>
    </>
  );
}

function Block({ block }: { block: EmailBlock }) {
  switch (block.type) {
    case "paragraph":
      return <Row style={block.muted ? { color: MUTED } : undefined}>{block.text}</Row>;
    case "quote":
      return (
        <Row>
          <div style={{ borderLeft: `3px solid ${RULE}`, padding: "4px 0 4px 14px", whiteSpace: "pre-wrap" }}>{block.text}</div>
        </Row>
      );
    case "facts":
      return (
        <Row>
          <Facts rows={block.rows} />
        </Row>
      );
    case "breakdown":
      return (
        <Row>
          <Breakdown lines={block.lines} total={block.total} />
        </Row>
      );
    case "button":
      return (
        <Row style={{ paddingTop: 8, paddingBottom: 24 }}>
          <Button label={block.label} url={block.url} />
        </Row>
      );
    case "link":
      return (
        <Row>
          {block.label}:{" "}
          <a href={block.url} style={{ color: INK, wordBreak: "break-all" }}>
            {block.url}
          </a>
        </Row>
      );
  }
}

export function OrderEmailDocument({ content }: { content: EmailContent }) {
  return (
    <html lang="en">
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{content.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: "#f5f5f4" }}>
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden", opacity: 0 }}>{content.preheader}</div>
        <Table style={{ backgroundColor: "#f5f5f4" }}>
          <tr>
            <td align="center" style={{ padding: "24px 12px" }}>
              <table role="presentation" width={600} cellPadding={0} cellSpacing={0} border={0} style={{ width: "100%", maxWidth: 600, borderCollapse: "collapse", backgroundColor: "#ffffff", border: `1px solid ${RULE}`, borderRadius: 8 }}>
                <tbody>
                  <tr>
                    <td style={{ ...cell, padding: "20px 32px", fontSize: 16, fontWeight: 600, borderBottom: `1px solid ${RULE}` }}>✉︎ {BRAND}</td>
                  </tr>
                  {content.sandboxNotice && (
                    <tr>
                      <td style={{ ...cell, padding: "12px 32px", fontSize: 14, backgroundColor: "#fef3c7", color: "#78350f", borderBottom: "1px solid #fde68a" }}>
                        {content.sandboxNotice}
                      </td>
                    </tr>
                  )}
                  <tr>
                    <td style={{ padding: "28px 32px 12px" }}>
                      <h1 style={{ fontFamily: FONT, fontSize: 24, lineHeight: "30px", fontWeight: 700, color: INK, margin: 0 }}>{content.heading}</h1>
                    </td>
                  </tr>
                  {content.blocks.map((b, i) => (
                    <Block key={i} block={b} />
                  ))}
                  <tr>
                    <td style={{ ...cell, padding: "16px 32px 24px", fontSize: 12, lineHeight: "18px", color: MUTED, borderTop: `1px solid ${RULE}` }}>
                      {content.footer.map((line, i) => (
                        <p key={i} style={{ margin: "0 0 4px" }}>
                          {line}
                        </p>
                      ))}
                    </td>
                  </tr>
                </tbody>
              </table>
            </td>
          </tr>
        </Table>
      </body>
    </html>
  );
}
