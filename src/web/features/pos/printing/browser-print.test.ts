import { describe, expect, it, vi } from "vitest";
import { buildReceiptLines } from "../../../../shared/pos/receipt";
import { sampleReceipt } from "../../../../shared/pos/test-fixtures";
import { printHtml, printReceiptInBrowser, receiptHtml } from "./browser-print";

/** Just enough of a DOM for the hidden-iframe print: load fires when the frame is attached. */
function fakeDocument(opts: { printThrows?: boolean; noWindow?: boolean } = {}) {
  const frames: any[] = [];
  const printed: string[] = [];
  const focus = { on: "page-button" as string };
  const doc = {
    activeElement: {
      focus() {
        focus.on = "page-button";
      },
    },
    body: {
      appendChild(frame: any) {
        frames.push(frame);
        frame.attached = true;
        queueMicrotask(() => frame.listeners.load?.());
      },
    },
    createElement(tag: string) {
      expect(tag).toBe("iframe");
      const winListeners: Record<string, () => void> = {};
      const frame: any = {
        attrs: {} as Record<string, string>,
        style: {} as Record<string, string>,
        listeners: {} as Record<string, () => void>,
        srcdoc: "",
        attached: false,
        setAttribute(k: string, v: string) {
          this.attrs[k] = v;
        },
        addEventListener(type: string, fn: () => void) {
          this.listeners[type] = fn;
        },
        remove() {
          this.attached = false;
        },
        contentWindow: opts.noWindow
          ? null
          : {
              focus() {
                focus.on = "frame";
              },
              print() {
                if (opts.printThrows) throw new Error("blocked");
                printed.push(frame.srcdoc);
              },
              addEventListener(type: string, fn: () => void) {
                winListeners[type] = fn;
              },
              fire: (type: string) => winListeners[type]?.(),
            },
      };
      return frame;
    },
  };
  return { doc: doc as unknown as Document, frames, printed, focus };
}

describe("receiptHtml", () => {
  it("is an 80 mm page with the receipt lines, escaped, bold where marked", () => {
    const data = sampleReceipt();
    data.items[0]!.product_name = "Queso <Gouda> & pan";
    const lines = buildReceiptLines(data);
    const html = receiptHtml(lines, { title: "FAC-000042" });
    expect(html).toContain("@page { size: 80mm auto; margin: 0; }");
    expect(html).toContain("font-size: 2.500mm");
    expect(html).toContain("<title>FAC-000042</title>");
    expect(html).toContain("Queso &lt;Gouda&gt; &amp; pan");
    expect(html).not.toContain("<Gouda>");
    expect(html).toContain(`<b>${lines.find((l) => l.text.startsWith("TOTAL:"))!.text}</b>`);
    const pre = /<pre>([\s\S]*)<\/pre>/.exec(html)![1]!;
    expect(pre.split("\n")).toHaveLength(lines.length);
    expect(receiptHtml(lines, { columns: 40 })).toContain("font-size: 3.000mm");
  });
});

describe("printHtml (hidden iframe)", () => {
  it("prints from a hidden iframe and removes it after printing", async () => {
    const { doc, frames, printed } = fakeDocument();
    const ok = await printReceiptInBrowser(buildReceiptLines(sampleReceipt()), { document: doc, title: "FAC-000042" });
    expect(ok).toBe(true);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain("FAC-000042");
    const frame = frames[0];
    expect(frame.attrs["aria-hidden"]).toBe("true");
    expect([frame.style.width, frame.style.height]).toEqual(["0", "0"]);
    expect(frame.attached).toBe(true);
    vi.useFakeTimers();
    frame.contentWindow.fire("afterprint");
    vi.runAllTimers();
    vi.useRealTimers();
    expect(frame.attached).toBe(false);
  });

  it("gives focus back to what had it before, so the next key (Escape) reaches the page", async () => {
    const printed = fakeDocument();
    expect(await printHtml("<p>x</p>", { document: printed.doc })).toBe(true);
    expect(printed.printed).toHaveLength(1);
    expect(printed.focus.on).toBe("page-button");
    const refused = fakeDocument({ printThrows: true });
    expect(await printHtml("<p>x</p>", { document: refused.doc })).toBe(false);
    expect(refused.focus.on).toBe("page-button");
  });

  it("false when the browser refuses, when the frame has no window, or without a DOM", async () => {
    const refused = fakeDocument({ printThrows: true });
    expect(await printHtml("<p>x</p>", { document: refused.doc })).toBe(false);
    expect(refused.frames[0].attached).toBe(false);
    const noWindow = fakeDocument({ noWindow: true });
    expect(await printHtml("<p>x</p>", { document: noWindow.doc })).toBe(false);
    expect(await printHtml("<p>x</p>")).toBe(false);
  });

  it("removes a frame left behind after the cleanup delay", async () => {
    vi.useFakeTimers();
    const { doc, frames } = fakeDocument();
    const pending = printHtml("<p>x</p>", { document: doc, cleanupAfterMs: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(await pending).toBe(true);
    expect(frames[0].attached).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(frames[0].attached).toBe(false);
    vi.useRealTimers();
  });
});
