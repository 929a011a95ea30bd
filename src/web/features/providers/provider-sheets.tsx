import { zodResolver } from "@hookform/resolvers/zod";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Search, Truck } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { PROVIDER_LIST, providerQuickCreateInput } from "../../../shared/catalog/provider";
import { errorCode, fieldErrors, useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogDescription, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { useDebounce } from "../../lib/use-debounce";
import { cn } from "../../lib/utils";
import { displayTaxId, type Provider } from "./provider-format";

export type { Provider } from "./provider-format";

type QuickValues = z.input<typeof providerQuickCreateInput>;
type QuickOutput = z.output<typeof providerQuickCreateInput>;

const EMPTY_QUICK: QuickValues = { name: "", code: "", taxId: "", phone: "", email: "", website: "", address: "", description: "", notes: "" };

/**
 * The provider quick-create side panel (spec 03 §2): name, code, tax id, phone, email, website,
 * address, description, notes. Renders nothing unless the user holds 'providers.create'.
 * On success the new provider goes to onCreated and the panel closes.
 */
export function ProviderQuickCreateSheet({
  open,
  onOpenChange,
  onCreated,
  defaultName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (provider: Provider) => void;
  /** Prefills the name (e.g. what the user had typed in a search). */
  defaultName?: string;
}) {
  const { can } = usePermissions();
  if (!can("providers.create")) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <QuickCreateForm defaultName={defaultName} onCreated={onCreated} onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function QuickCreateForm({ defaultName, onCreated, onClose }: { defaultName?: string; onCreated?: (provider: Provider) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useForm<QuickValues, unknown, QuickOutput>({
    resolver: zodResolver(providerQuickCreateInput),
    defaultValues: { ...EMPTY_QUICK, name: defaultName ?? "" },
  });
  const create = useMutation(
    trpc.provider.create.mutationOptions({
      meta: { silent: true },
      onSuccess: async (provider) => {
        await qc.invalidateQueries(trpc.provider.pathFilter());
        toast({ title: t("providers:toast.created"), description: provider.name, variant: "success" });
        onCreated?.(provider);
        onClose();
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        for (const [field, message] of Object.entries(fields)) form.setError(field as keyof QuickValues, { message });
        if (errorCode(error) === "CONFLICT") form.setError("code", { message: error.message });
        if (errorCode(error) === "UNAUTHORIZED") return;
        // The server's message, or 'No se pudo crear el proveedor' (spec 03 §8); one toast only.
        toast({ variant: "destructive", title: t("providers:toast.createError"), description: error.message || undefined });
      },
    }),
  );
  const submit = form.handleSubmit((values) => create.mutate(values));
  const errors = form.formState.errors;
  const field = (name: keyof QuickValues) => ({ id: `quick-provider-${name}`, "aria-invalid": !!errors[name], ...form.register(name) });

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="provider-quick-create">
      <DialogTitle className="text-lg font-semibold">{t("providers:quickCreate.title")}</DialogTitle>
      <DialogDescription>{t("providers:quickCreate.description")}</DialogDescription>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          // The panel is portalled, but React events still bubble to a surrounding form (the product form).
          e.stopPropagation();
          void submit(e);
        }}
      >
        <Field label={t("providers:fields.name")} htmlFor="quick-provider-name" error={tMessage(errors.name?.message)} required>
          <Input autoFocus autoComplete="off" {...field("name")} />
        </Field>
        <Field label={t("providers:fields.code")} htmlFor="quick-provider-code" error={tMessage(errors.code?.message)} required hint={t("providers:hints.code")}>
          <Input autoComplete="off" {...field("code")} />
        </Field>
        <Field label={t("providers:fields.taxId")} htmlFor="quick-provider-taxId" error={tMessage(errors.taxId?.message)} hint={t("providers:hints.taxId")}>
          <Input inputMode="numeric" autoComplete="off" {...field("taxId")} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("providers:fields.phone")} htmlFor="quick-provider-phone" error={tMessage(errors.phone?.message)}>
            <Input type="tel" {...field("phone")} />
          </Field>
          <Field label={t("providers:fields.email")} htmlFor="quick-provider-email" error={tMessage(errors.email?.message)}>
            <Input type="email" {...field("email")} />
          </Field>
        </div>
        <Field label={t("providers:fields.website")} htmlFor="quick-provider-website" error={tMessage(errors.website?.message)} hint={t("providers:hints.website")}>
          <Input inputMode="url" {...field("website")} />
        </Field>
        <Field label={t("providers:fields.address")} htmlFor="quick-provider-address" error={tMessage(errors.address?.message)}>
          <Input {...field("address")} />
        </Field>
        <Field label={t("providers:fields.description")} htmlFor="quick-provider-description" error={tMessage(errors.description?.message)}>
          <Textarea rows={2} {...field("description")} />
        </Field>
        <Field label={t("providers:fields.notes")} htmlFor="quick-provider-notes" error={tMessage(errors.notes?.message)}>
          <Textarea rows={2} {...field("notes")} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={create.isPending} data-testid="save-quick-provider">
            {create.isPending ? t("common:saving") : t("providers:actions.create")}
          </Button>
        </div>
      </form>
    </SheetContent>
  );
}

/** A multi-line text box styled like Input. */
export function Textarea({ className, ...props }: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> }) {
  return (
    <textarea
      className={cn(
        "flex min-h-16 w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive",
        className,
      )}
      {...props}
    />
  );
}

/**
 * The provider picker side sheet (spec 03 §2): a search (debounced 300 ms) over the active
 * providers, first page of 100; choosing one calls onSelect and closes the sheet.
 * Arrow keys move through the list and Enter picks the highlighted provider.
 */
export function ProviderPickerSheet({
  open,
  onOpenChange,
  onSelect,
  selectedId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (provider: Provider) => void;
  selectedId?: string | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <PickerContent
          selectedId={selectedId ?? null}
          onPick={(provider) => {
            onSelect(provider);
            onOpenChange(false);
          }}
        />
      ) : null}
    </Dialog>
  );
}

function PickerContent({ selectedId, onPick }: { selectedId: string | null; onPick: (provider: Provider) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [search, setSearch] = React.useState("");
  const debounced = useDebounce(search.trim(), PROVIDER_LIST.debounceMs);
  const [highlight, setHighlight] = React.useState(0);
  const list = useQuery({
    ...trpc.provider.getAll.queryOptions({ page: PROVIDER_LIST.page, pageSize: PROVIDER_LIST.pageSize, search: debounced, isActive: true }),
    staleTime: PROVIDER_LIST.staleTimeMs,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  React.useEffect(() => setHighlight(0), [debounced]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setHighlight((h) => Math.min(rows.length - 1, h + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setHighlight((h) => Math.max(0, h - 1));
    } else if (e.key === "Enter" && rows[highlight]) {
      e.preventDefault();
      onPick(rows[highlight]);
    }
  };

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="provider-picker">
      <DialogTitle className="text-lg font-semibold">{t("providers:picker.title")}</DialogTitle>
      <DialogDescription>{t("providers:picker.description")}</DialogDescription>
      <div className="relative">
        <Search className="absolute left-3 top-3 size-4 text-muted-foreground" />
        <Input
          className="pl-9"
          autoFocus
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("providers:picker.search")}
          aria-label={t("providers:picker.search")}
          aria-controls="provider-picker-list"
        />
      </div>
      <div id="provider-picker-list" role="listbox" aria-label={t("providers:title")} className="grid gap-1" onKeyDown={onKeyDown}>
        {list.isLoading
          ? Array.from({ length: 5 }, (_, i) => <Skeleton key={i} className="h-14 w-full" />)
          : rows.map((p, i) => (
              <button
                key={p.id}
                type="button"
                role="option"
                aria-selected={p.id === selectedId}
                data-testid="provider-option"
                onClick={() => onPick(p)}
                onMouseEnter={() => setHighlight(i)}
                className={cn(
                  "flex min-h-14 w-full items-center gap-3 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent",
                  i === highlight && "bg-accent",
                  p.id === selectedId && "border-primary",
                )}
              >
                <Truck className="size-4 shrink-0 text-muted-foreground" />
                <span className="grid min-w-0 flex-1">
                  <span className="truncate font-medium">{p.name}</span>
                  <span className="truncate text-xs text-muted-foreground">{[p.code, displayTaxId(p.taxId), p.companyName].filter(Boolean).join(" · ")}</span>
                </span>
                {p.id === selectedId ? (
                  <span className="flex items-center gap-1 text-xs text-primary">
                    <Check className="size-4" />
                    {t("providers:picker.selected")}
                  </span>
                ) : null}
              </button>
            ))}
        {!list.isLoading && rows.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-10 text-center text-sm text-muted-foreground" data-testid="providers-empty">
            <Truck className="size-8" />
            {t("providers:empty")}
          </div>
        ) : null}
        {total > rows.length ? <p className="pt-2 text-center text-xs text-muted-foreground">{t("providers:picker.more", { shown: rows.length, total })}</p> : null}
      </div>
    </SheetContent>
  );
}
