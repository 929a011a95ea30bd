import { RECEIPT_WIDTH, type ReceiptLine } from "../../../../shared/pos/receipt";

/**
 * Browser printing (and "Save as PDF" from the print dialog): the same receipt lines as the
 * thermal printer, in a monospace block sized for 80 mm paper, printed from a hidden iframe so no
 * pop-up blocker gets in the way.
 */

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A complete HTML page for the receipt: 80 mm wide, 72 mm printable, `columns` characters a line. */
export function receiptHtml(lines: readonly ReceiptLine[], opts: { title?: string; lang?: string; columns?: number } = {}): string {
  const columns = opts.columns ?? RECEIPT_WIDTH;
  // a monospace character is 0.6 em wide: 72 mm / columns / 0.6
  const fontMm = (72 / columns / 0.6).toFixed(3);
  const body = lines.map((l) => (l.bold ? `<b>${escapeHtml(l.text)}</b>` : escapeHtml(l.text))).join("\n");
  return `<!doctype html>
<html lang="${escapeHtml(opts.lang ?? "es")}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(opts.title ?? "")}</title>
<style>
@page { size: 80mm auto; margin: 0; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
body { width: 80mm; }
pre { box-sizing: border-box; width: 80mm; margin: 0; padding: 4mm 4mm 8mm; font-family: "Courier New", Courier, monospace; font-size: ${fontMm}mm; line-height: 1.25; white-space: pre; overflow: hidden; }
b { font-weight: 700; }
</style>
</head>
<body><pre>${body}</pre></body>
</html>`;
}

export interface BrowserPrintOptions {
  /** the page's document (default: the global document) */
  document?: Document;
  /** remove the iframe at the latest after this many ms (default 60 s) */
  cleanupAfterMs?: number;
}

/**
 * Prints an HTML page through a hidden iframe. Resolves true once the print dialog was opened,
 * false when printing is not possible here (no DOM, or the browser refused).
 */
export function printHtml(html: string, opts: BrowserPrintOptions = {}): Promise<boolean> {
  const doc = opts.document ?? (typeof document !== "undefined" ? document : undefined);
  if (!doc?.body) return Promise.resolve(false);
  // The frame takes focus to print; the page gets it back afterwards, so the keys the cashier
  // presses next (Escape to close the completed order) reach the page, not the hidden frame.
  const previous = doc.activeElement as HTMLElement | null;
  const giveFocusBack = () => previous?.focus?.();
  return new Promise<boolean>((resolve) => {
    const frame = doc.createElement("iframe");
    frame.setAttribute("aria-hidden", "true");
    frame.setAttribute("tabindex", "-1");
    frame.style.position = "fixed";
    frame.style.right = "0";
    frame.style.bottom = "0";
    frame.style.width = "0";
    frame.style.height = "0";
    frame.style.border = "0";
    let removed = false;
    const remove = () => {
      if (removed) return;
      removed = true;
      frame.remove();
    };
    const cleanup = setTimeout(remove, opts.cleanupAfterMs ?? 60_000);
    frame.addEventListener("load", () => {
      const win = frame.contentWindow;
      if (!win) {
        clearTimeout(cleanup);
        remove();
        resolve(false);
        return;
      }
      win.addEventListener("afterprint", () => {
        clearTimeout(cleanup);
        setTimeout(remove, 0);
      });
      try {
        win.focus();
        win.print();
        giveFocusBack();
        resolve(true);
      } catch {
        clearTimeout(cleanup);
        remove();
        giveFocusBack();
        resolve(false);
      }
    });
    frame.srcdoc = html;
    doc.body.appendChild(frame);
  });
}

/** Prints receipt lines with the browser's print dialog (which can also save a PDF). */
export function printReceiptInBrowser(lines: readonly ReceiptLine[], opts: BrowserPrintOptions & { title?: string; lang?: string; columns?: number } = {}): Promise<boolean> {
  return printHtml(receiptHtml(lines, opts), opts);
}
