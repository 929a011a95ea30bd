import * as React from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { PAGE_SIZES } from "../../shared/platform/pagination";
import { useDebounce } from "./use-debounce";

/** Address keys to set (a value) or remove (null or ''). */
export type ListParamChanges = Record<string, string | number | null>;

/**
 * A list page's filters in the address (?q=&page=&size= and the page's own keys, read from
 * `params`), so 'back' from a form finds them again. `text` is what the search box shows; it
 * reaches ?q= (trimmed, back on page 1) once it has stopped changing for `debounceMs`.
 */
export function useListParams({ pageSize: defaultPageSize, debounceMs }: { pageSize: number; debounceMs: number }) {
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const size = Number(params.get("size"));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultPageSize;
  // Several changes in one event (page size, then page 1) build on each other, not on a stale address.
  const pending = React.useRef<URLSearchParams | null>(null);
  const update = (changes: ListParamChanges) => {
    const next = new URLSearchParams(pending.current ?? params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    pending.current = next;
    queueMicrotask(() => {
      pending.current = null;
    });
    setParams(next, { replace: true });
  };

  const [text, setText] = React.useState(search);
  const debounced = useDebounce(text.trim(), debounceMs);
  // While the user is already on the way to another page (a lazy page still loading), writing ?q=
  // would replace that navigation and bring them back here: the search waits (and is dropped when they arrive).
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.state !== "idle" && navigation.location !== undefined && navigation.location.pathname !== pathname;
  React.useEffect(() => {
    if (debounced !== search && !leaving) update({ q: debounced, page: null });
  }, [debounced, leaving]);

  return {
    params,
    search,
    text,
    setText,
    page,
    pageSize,
    update,
    /** For PaginationBar: page 1 is the address without ?page. */
    setPage: (p: number) => update({ page: p === 1 ? null : p }),
    setPageSize: (s: number) => update({ size: s, page: null }),
  };
}
