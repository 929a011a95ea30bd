import { describe, expect, it, vi } from "vitest";

const saved: { name: string }[] = [];
vi.mock("./download", () => ({ saveFile: (_bytes: unknown, name: string) => saved.push({ name }), todayStamp: () => "2026-11-25" }));
vi.mock("../../components/ui/use-toast", () => ({ toast: () => undefined }));
vi.mock("../../app/providers", () => ({ handleApiError: () => undefined }));

const { EXPORT_PAGE_SIZE, exportProductsToExcel } = await import("./export");

/** product.getAll as the server answers past its count cap: 'at least 10,000' and always one more page. */
function cappedCatalog(size: number) {
  const calls: number[] = [];
  const client = {
    product: {
      getAll: {
        query: async ({ page }: { page: number }) => {
          calls.push(page);
          if (page > 1_000) throw new Error("the export never stops paging");
          const from = (page - 1) * EXPORT_PAGE_SIZE;
          const data = Array.from({ length: Math.max(0, Math.min(EXPORT_PAGE_SIZE, size - from)) }, (_, i) => ({ id: `p${from + i}`, name: `Producto ${from + i}`, sku: `SKU-${from + i}`, price: "1.00" }));
          return { data, pagination: { page, pageSize: EXPORT_PAGE_SIZE, total: 10_000, capped: true, pageCount: page + 1 } };
        },
      },
    },
    productImport: { exportDetails: { query: async ({ ids }: { ids: string[] }) => ids.map((id) => ({ id })) } },
  };
  return { client, calls };
}

describe("exportProductsToExcel", () => {
  it("ends on the first short page of a catalogue past the count cap (12,345 products, not forever)", async () => {
    const { client, calls } = cappedCatalog(12_345);
    const progress: number[] = [];
    const n = await exportProductsToExcel({}, (k) => (k === "productImport:export.sheet" ? "Productos" : k), { client: client as never, onProgress: (p) => progress.push(p.done) });
    expect(n).toBe(12_345);
    expect(calls).toHaveLength(Math.ceil(12_345 / EXPORT_PAGE_SIZE));
    expect(progress.at(-1)).toBe(12_345);
    expect(saved.at(-1)?.name).toBe("productos-2026-11-25.xlsx");
  }, 60_000);
});
