import * as React from "react";

/** shadcn's toast store: one toast visible at a time; a dismissed toast is removed after TOAST_REMOVE_DELAY. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastData {
  id: string;
  title?: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  open: boolean;
  duration?: number;
}

type Listener = (toasts: ToastData[]) => void;
let memory: ToastData[] = [];
const listeners = new Set<Listener>();
let count = 0;
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastData[]) {
  memory = next;
  for (const l of listeners) l(memory);
}

export function dismiss(id?: string) {
  emit(memory.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of memory) {
    if ((id === undefined || t.id === id) && !removeTimers.has(t.id)) {
      removeTimers.set(
        t.id,
        setTimeout(() => {
          removeTimers.delete(t.id);
          emit(memory.filter((x) => x.id !== t.id));
        }, TOAST_REMOVE_DELAY),
      );
    }
  }
}

export function toast(input: Omit<ToastData, "id" | "open">) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  emit([{ ...input, id, open: true }, ...memory].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismiss(id) };
}

export function useToast() {
  const [toasts, setToasts] = React.useState(memory);
  React.useEffect(() => {
    listeners.add(setToasts);
    return () => {
      listeners.delete(setToasts);
    };
  }, []);
  return { toasts, toast, dismiss };
}
