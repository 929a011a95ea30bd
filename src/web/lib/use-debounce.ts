import * as React from "react";

/** The value, once it has stopped changing for `delay` ms (default 500 ms, spec 03 §9). */
export function useDebounce<T>(value: T, delay = 500): T {
  const [debounced, setDebounced] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
