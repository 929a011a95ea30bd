import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/utils";
import { dismiss, useToast } from "./use-toast";

export function Toaster() {
  const { toasts } = useToast();
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Provider swipeDirection="right" label={t("common:toast.announce")}>
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration ?? 5000}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          data-variant={item.variant ?? "default"}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md border p-4 pr-8 shadow-lg",
            item.variant === "destructive" ? "border-destructive bg-destructive text-destructive-foreground" : "bg-card text-card-foreground",
            item.variant === "success" && "border-success",
          )}
        >
          <div className="grid gap-1">
            {item.title ? <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title> : null}
            {item.description ? <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description> : null}
          </div>
          <ToastPrimitive.Close className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100" aria-label={t("common:actions.close")}>
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Top right: a toast never covers the POS's Cobrar nor the action bar at the foot of a form. */}
      {/* Alt+N reaches the notifications from the keyboard; Radix's default F8 is the POS's 'Guardar'. */}
      <ToastPrimitive.Viewport
        hotkey={["altKey", "KeyN"]}
        label={t("common:toast.region")}
        className="fixed right-0 top-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
