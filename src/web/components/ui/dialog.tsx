import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/utils";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * The control an overlay should give the focus back to: the element focused when it opened, or,
 * when that was an item of a dropdown menu (which is gone by the time the overlay closes), the
 * button that opened the menu.
 */
function openerOf(el: Element | null): HTMLElement | null {
  if (!(el instanceof HTMLElement) || el === document.body) return null;
  const menu = el.closest<HTMLElement>('[role="menu"]');
  const triggerId = menu?.getAttribute("aria-labelledby");
  const trigger = triggerId ? document.getElementById(triggerId) : null;
  return trigger ?? el;
}

/** Nobody holds the focus any more: it fell on <body> (the overlay that had it was removed) or on nothing. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * Gives the focus back to whatever opened an overlay, for overlays opened from state (an `open`
 * prop) rather than from a Radix Trigger, which Radix would otherwise leave on <body>.
 *
 * Call it in a component that mounts with the overlay's content: the opener is read on that
 * first render, before anything inside (an autoFocus field, Radix's own auto-focus) takes the
 * focus. The returned handler goes to `onCloseAutoFocus`; it runs the caller's handler first and
 * does nothing when that one called preventDefault, nor when something else has already placed
 * the focus (the POS sends it back to its search box), nor when the opener has left the page.
 */
export function useFocusReturn(onCloseAutoFocus?: (event: Event) => void) {
  const [opener] = React.useState(() => (typeof document === "undefined" ? null : openerOf(document.activeElement)));
  return (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented || !focusIsLost()) return;
    if (opener?.isConnected) {
      event.preventDefault();
      opener.focus();
    }
  };
}

type ContentProps = React.ComponentProps<typeof DialogPrimitive.Content>;

/** Radix's content with the focus going back to its opener on close (mounted only while open, inside the portal). */
function FocusReturningContent({ onCloseAutoFocus, ...props }: ContentProps) {
  const returnFocus = useFocusReturn(onCloseAutoFocus);
  return <DialogPrimitive.Content onCloseAutoFocus={returnFocus} {...props} />;
}

function CloseButton({ label }: { label: string }) {
  return (
    <DialogPrimitive.Close
      className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={label}
    >
      <X className="size-4" />
    </DialogPrimitive.Close>
  );
}

export function DialogContent({ className, children, closeLabel, ...props }: ContentProps & { closeLabel: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <FocusReturningContent
        className={cn("fixed left-1/2 top-1/2 z-50 grid w-full max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-[var(--radius-card)] border bg-card p-6 text-card-foreground shadow-lg", className)}
        {...props}
      >
        {children}
        <CloseButton label={closeLabel} />
      </FocusReturningContent>
    </DialogPrimitive.Portal>
  );
}

export const DialogHeader = ({ className, ...p }: React.HTMLAttributes<HTMLDivElement>) => <div className={cn("flex flex-col gap-1.5", className)} {...p} />;
export const DialogFooter = ({ className, ...p }: React.HTMLAttributes<HTMLDivElement>) => <div className={cn("flex justify-end gap-2", className)} {...p} />;
export const DialogTitle = ({ className, ...p }: React.ComponentProps<typeof DialogPrimitive.Title>) => <DialogPrimitive.Title className={cn("text-lg font-semibold", className)} {...p} />;
export const DialogDescription = ({ className, ...p }: React.ComponentProps<typeof DialogPrimitive.Description>) => (
  <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...p} />
);

/** A side panel (shadcn's Sheet) built on the dialog primitive. */
export function SheetContent({
  className,
  overlayClassName,
  children,
  closeLabel,
  side = "right",
  ...props
}: ContentProps & { closeLabel: string; side?: "right" | "left"; overlayClassName?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={cn("fixed inset-0 z-50 bg-black/50", overlayClassName)} />
      <FocusReturningContent
        className={cn(
          "fixed inset-y-0 z-50 flex h-full w-full max-w-md flex-col gap-4 overflow-y-auto bg-card p-6 text-card-foreground shadow-lg",
          side === "right" ? "right-0 border-l" : "left-0 border-r",
          className,
        )}
        {...props}
      >
        {children}
        <CloseButton label={closeLabel} />
      </FocusReturningContent>
    </DialogPrimitive.Portal>
  );
}
