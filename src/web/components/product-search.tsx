import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { Search } from "lucide-react";
import * as React from "react";
import { type AppRouter, useTRPC, useTRPCClient } from "../app/trpc";
import { useDebounce } from "../lib/use-debounce";
import { Input } from "./ui/input";

/** A product as product.searchProducts answers it. */
export type ProductHit = inferRouterOutputs<AppRouter>["product"]["searchProducts"]["data"][number];

/**
 * Type or scan to add a product to a document's lines: Enter adds the first match (an exact
 * barcode/SKU answers alone, even before the debounced search has answered).
 */
export function ProductSearch({ onPick, placeholder, emptyText, id }: { onPick: (p: ProductHit) => void; placeholder: string; emptyText: string; id?: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [text, setText] = React.useState("");
  const debounced = useDebounce(text.trim(), 250);
  const results = useQuery({ ...trpc.product.searchProducts.queryOptions({ search: debounced || "-" }), enabled: debounced.length >= 2 });
  const found = debounced.length >= 2 ? (results.data?.data ?? []) : [];
  const pick = (p: ProductHit) => {
    onPick(p);
    setText("");
  };
  return (
    <div className="relative">
      <Search className="absolute left-3 top-3 size-4 text-muted-foreground" />
      <Input
        id={id}
        className="pl-9"
        placeholder={placeholder}
        aria-label={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          const typed = text.trim();
          if (found[0] && debounced === typed) return pick(found[0]);
          // A scanner types and presses Enter at once: look the code up now.
          if (typed) void client.product.searchProducts.query({ search: typed }).then((r) => r.data[0] && pick(r.data[0]));
        }}
      />
      {found.length > 0 ? (
        <ul className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border bg-popover shadow-md">
          {found.map((p) => (
            <li key={p.id}>
              <button type="button" className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-accent" onClick={() => pick(p)}>
                <span>{p.name}</span>
                <span className="font-mono text-xs text-muted-foreground">{p.sku}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {debounced.length >= 2 && results.isSuccess && found.length === 0 ? <p className="mt-1 text-sm text-muted-foreground">{emptyText}</p> : null}
    </div>
  );
}
