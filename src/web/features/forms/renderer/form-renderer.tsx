import { AlertCircle, CheckCircle2, ChevronDown, Loader2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { evaluateConditions, isFieldRequired, isFieldVisible, unsupportedMessage, validateSubmission, visibleGroups } from "../../../../shared/forms/rules";
import { allFields, FORM_DEFAULTS, type FormGroup, type FormSchema, isComponent, PREVIEW_SUCCESS_MS } from "../../../../shared/forms/schema";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import { CheckboxGroupField, ColorField, DropdownField, RadioGroupField, SliderField, TextareaField, TextboxField, TimeField, ToggleField } from "./basic-fields";
import { DateField } from "./date-field";
import { type FieldProps, messageText } from "./field-props";
import { FileField } from "./file-field";
import { RatingField } from "./rating-field";
import { SignatureField } from "./signature-field";

/** A stored upload, as a file answer carries it (the server checks it against storage). */
export type UploadedFile = { name: string; size: number; type: string; url: string };

export type FormRendererProps = {
  schema: FormSchema;
  /** preview: submit only shows success for 3 s; public: anonymous (uploads to /api/upload/public-form); signed-in: a staff user. */
  mode: "preview" | "public" | "signed-in";
  /** Sends the answers; rejects with an Error whose message the renderer shows in its error alert. */
  onSubmit?: (answers: Record<string, unknown>) => Promise<void>;
  /** The public form's slug: public mode uploads files to /api/upload/public-form?slug={slug}. */
  slug?: string;
};

type SubmitState = { status: "idle" } | { status: "submitting" } | { status: "success" } | { status: "error"; message: string };

const COMPONENTS: Record<string, (p: FieldProps) => React.ReactNode> = {
  textbox: TextboxField,
  textarea: TextareaField,
  datepicker: DateField,
  timepicker: TimeField,
  dropdown: DropdownField,
  "checkbox-group": CheckboxGroupField,
  "radio-group": RadioGroupField,
  "file-upload": FileField,
  signature: SignatureField,
  "rating-stars": RatingField,
  "range-slider": SliderField,
  "toggle-switch": ToggleField,
  "color-picker": ColorField,
};

/** Group columns: one at phone width, up to the group's own count as the card widens (container queries). */
const COLUMNS: Record<number, string> = {
  1: "grid-cols-1",
  2: "grid-cols-1 @lg:grid-cols-2",
  3: "grid-cols-1 @lg:grid-cols-2 @3xl:grid-cols-3",
  4: "grid-cols-1 @lg:grid-cols-2 @3xl:grid-cols-4",
  5: "grid-cols-1 @lg:grid-cols-2 @3xl:grid-cols-3 @5xl:grid-cols-5",
  6: "grid-cols-1 @lg:grid-cols-2 @3xl:grid-cols-3 @5xl:grid-cols-6",
};
/** §9 group widths (full 100%, half 50%, third 33%, two-thirds 66%, quarter 25%) from tablet width up; full width on a phone. */
const WIDTHS: Record<FormGroup["width"], string> = {
  full: "w-full",
  half: "w-full md:w-[calc(50%-0.75rem)]",
  third: "w-full md:w-[calc(33%-1rem)]",
  "two-thirds": "w-full md:w-[calc(66%-0.5rem)]",
  quarter: "w-full md:w-[calc(25%-1.125rem)]",
};
const THEMES: Record<FormSchema["settings"]["theme"], { card: string; title: string }> = {
  default: { card: "rounded-[var(--radius-card)] border bg-card shadow-sm", title: "text-base font-semibold" },
  minimal: { card: "border-b bg-transparent pb-2 last:border-b-0", title: "text-sm font-semibold uppercase tracking-wide text-muted-foreground" },
  modern: { card: "rounded-2xl border border-t-4 border-t-primary bg-card shadow-md", title: "text-lg font-semibold" },
  classic: { card: "rounded-none border-2 bg-card", title: "font-serif text-lg font-semibold" },
};
const SUBMIT_PLACE: Record<FormSchema["settings"]["submitButton"]["position"], string> = {
  "bottom-left": "justify-start",
  "bottom-center": "justify-center",
  "bottom-right": "justify-end",
  "top-right": "justify-end",
};

/** Each field's starting value: its default, or nothing (a toggle starts off). */
function initialValues(schema: FormSchema): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of allFields(schema)) {
    if (f.defaultValue !== undefined && f.defaultValue !== null) values[f.key] = f.defaultValue;
    else if (f.component === "toggle-switch") values[f.key] = false;
  }
  return values;
}

/**
 * The form renderer (spec 03 'Form renderer', issue 17 §2): one card per visible group, every
 * component of the schema, the conditions re-evaluated on each change, and the same validation
 * as the server (src/shared/forms/rules.ts). Preview validates and shows success for 3 s; public
 * and signed-in modes send the answers through onSubmit and show the confirmation or the error.
 */
export function FormRenderer({ schema, mode, onSubmit, slug }: FormRendererProps) {
  const { t } = useTranslation();
  const idPrefix = `fr${React.useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const [values, setValues] = React.useState(() => initialValues(schema));
  const [tried, setTried] = React.useState(false);
  const [state, setState] = React.useState<SubmitState>({ status: "idle" });
  const [collapsed, setCollapsed] = React.useState<Set<string>>(() => new Set());
  const [uploading, setUploading] = React.useState<Record<string, number>>({});
  const [focusKey, setFocusKey] = React.useState<string | null>(null);
  const [attempt, setAttempt] = React.useState(0);
  // A new key after a sent form starts every field afresh (file lists, a drawn signature).
  const [round, setRound] = React.useState(0);
  const alertRef = React.useRef<HTMLDivElement>(null);
  const settings = schema.settings;
  const theme = THEMES[settings.theme] ?? THEMES.default;

  // A schema edited in the designer's preview keeps the answers of the fields that are still there.
  const schemaKey = React.useMemo(() => JSON.stringify(allFields(schema).map((f) => [f.key, f.defaultValue ?? null])), [schema]);
  const seenKey = React.useRef(schemaKey);
  React.useEffect(() => {
    if (seenKey.current === schemaKey) return;
    seenKey.current = schemaKey;
    const fresh = initialValues(schema);
    setValues((old) => {
      const keys = new Set(allFields(schema).map((f) => f.key));
      return { ...fresh, ...Object.fromEntries(Object.entries(old).filter(([k]) => keys.has(k))) };
    });
  }, [schema, schemaKey]);

  const conditions = React.useMemo(() => evaluateConditions(schema, values), [schema, values]);
  const groups = React.useMemo(() => visibleGroups(schema, values, conditions), [schema, values, conditions]);
  const result = React.useMemo(() => (tried ? validateSubmission(schema, values) : null), [tried, schema, values]);
  const errors = result?.errors ?? {};
  const busyUploads = Object.values(uploading).some((n) => n > 0);

  const onUploading = React.useCallback((key: string, count: number) => setUploading((u) => (u[key] === count ? u : { ...u, [key]: count })), []);
  const setValue = React.useCallback((key: string, value: unknown) => {
    setValues((v) => ({ ...v, [key]: value }));
    setState((s) => (s.status === "error" ? { status: "idle" } : s));
  }, []);

  // The first invalid field takes the focus once its group is open (a collapsed group opens first).
  React.useEffect(() => {
    if (!focusKey || attempt === 0) return;
    const el = document.getElementById(`${idPrefix}-${focusKey}`);
    el?.focus();
    el?.scrollIntoView?.({ block: "center", behavior: "smooth" });
    setFocusKey(null);
  }, [focusKey, attempt, idPrefix]);

  // The preview's success goes away after PREVIEW_SUCCESS_MS.
  React.useEffect(() => {
    if (mode !== "preview" || state.status !== "success") return;
    const timer = window.setTimeout(() => setState({ status: "idle" }), PREVIEW_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [mode, state.status]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (state.status === "submitting" || busyUploads) return;
    setTried(true);
    const checked = validateSubmission(schema, values);
    const firstBad = groups.flatMap((g) => g.fields).find((f) => checked.errors[f.key] && isFieldVisible(f, conditions));
    if (firstBad) {
      const group = groups.find((g) => g.fields.includes(firstBad));
      if (group && collapsed.has(group.id)) setCollapsed((c) => new Set([...c].filter((id) => id !== group.id)));
      setFocusKey(firstBad.key);
      setAttempt((n) => n + 1);
      setState({ status: "idle" });
      return;
    }
    if (mode === "preview" || !onSubmit) {
      setState({ status: "success" });
      return;
    }
    setState({ status: "submitting" });
    try {
      await onSubmit(checked.values);
      const confirmation = settings.confirmation;
      if (confirmation.type === "redirect") {
        window.location.assign(confirmation.redirectUrl?.trim() || "/");
        return;
      }
      setState({ status: "success" });
      setValues(initialValues(schema));
      setUploading({});
      setTried(false);
      setRound((r) => r + 1);
    } catch (err) {
      setState({ status: "error", message: (err instanceof Error && err.message) || t("formRenderer:submit.failed") });
    }
  };

  // The alert is read and brought into view when it appears.
  React.useEffect(() => {
    if (state.status === "success" || state.status === "error") alertRef.current?.focus();
  }, [state.status]);

  const submitText = settings.submitButton.text.trim() === "" || settings.submitButton.text === FORM_DEFAULTS.submitText ? t("forms:defaults.submit") : settings.submitButton.text;
  const submitRow = (
    <div className={cn("flex", SUBMIT_PLACE[settings.submitButton.position])}>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={state.status === "submitting" || busyUploads} data-testid="form-submit">
        {state.status === "submitting" && <Loader2 className="animate-spin" aria-hidden />}
        {state.status === "submitting" ? t("formRenderer:submit.submitting") : busyUploads ? t("formRenderer:submit.waitUploads") : submitText}
      </Button>
    </div>
  );

  const successText = (() => {
    const c = settings.confirmation;
    const message = c.message?.trim() || t("formRenderer:submit.success");
    return c.type === "email" ? `${message} ${t("formRenderer:submit.emailCopy")}` : message;
  })();

  return (
    <form noValidate onSubmit={submit} className={cn("grid gap-6", settings.layout === "fixed" && "mx-auto w-full max-w-3xl")} data-testid="form-renderer" data-mode={mode}>
      {state.status === "success" && (
        <div ref={alertRef} tabIndex={-1} role="status" className="flex items-start gap-3 rounded-[var(--radius-card)] border border-success/40 bg-success/10 p-4 text-sm outline-none" data-testid="form-success">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
          <p className="whitespace-pre-line">{successText}</p>
        </div>
      )}
      {state.status === "error" && (
        <div ref={alertRef} tabIndex={-1} role="alert" className="flex items-start gap-3 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/10 p-4 text-sm text-destructive outline-none" data-testid="form-error">
          <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>{state.message}</p>
        </div>
      )}
      {settings.submitButton.position === "top-right" && submitRow}
      {groups.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-dashed p-8 text-center text-sm text-muted-foreground">{t("formRenderer:empty")}</p>
      ) : (
        <div key={round} className="flex flex-wrap gap-6">
          {groups.map((group) => {
            const open = !collapsed.has(group.id);
            const bodyId = `${idPrefix}-${group.id}-body`;
            return (
              <section key={group.id} aria-labelledby={`${idPrefix}-${group.id}-title`} className={cn(WIDTHS[group.width] ?? WIDTHS.full, theme.card, "min-w-0")} data-testid={`form-group-${group.id}`}>
                <h2 id={`${idPrefix}-${group.id}-title`} className={cn(theme.title, "px-5", group.collapsible ? "pt-2" : "pt-5", !open && "pb-2")}>
                  {group.collapsible ? (
                    <button
                      type="button"
                      aria-expanded={open}
                      aria-controls={bodyId}
                      className="flex min-h-11 w-full items-center justify-between gap-2 text-left focus-visible:outline-2 focus-visible:outline-ring"
                      onClick={() => setCollapsed((c) => (c.has(group.id) ? new Set([...c].filter((id) => id !== group.id)) : new Set([...c, group.id])))}
                    >
                      <span>{group.name}</span>
                      <ChevronDown className={cn("size-5 shrink-0 transition-transform", open && "rotate-180")} aria-hidden />
                    </button>
                  ) : (
                    group.name
                  )}
                </h2>
                {/* A collapsed group keeps its fields (a signature stays drawn), only hidden. */}
                <div id={bodyId} hidden={!open} className="@container p-5">
                  <div className={cn("grid gap-x-4 gap-y-5", COLUMNS[group.columns] ?? COLUMNS[2])}>
                    {group.fields
                      .filter((f) => isFieldVisible(f, conditions))
                      .map((field) => (
                        <FieldBlock
                          key={field.key}
                          field={field}
                          id={`${idPrefix}-${field.key}`}
                          value={values[field.key]}
                          onChange={(v) => setValue(field.key, v)}
                          required={isFieldRequired(field, conditions)}
                          error={errors[field.key] ? messageText(t, errors[field.key]!) : undefined}
                          mode={mode}
                          slug={slug}
                          onUploading={onUploading}
                        />
                      ))}
                  </div>
                </div>
              </section>
            );
          })}
        </div>
      )}
      {settings.submitButton.position !== "top-right" && submitRow}
    </form>
  );
}

type BlockProps = Omit<FieldProps, "invalid" | "describedBy"> & { error?: string };

/** One field: its label (with the required mark), the component, the help text and the message. */
function FieldBlock({ error, ...p }: BlockProps) {
  const { t } = useTranslation();
  const { field, id } = p;
  const wide = field.width === "full" || ["textarea", "signature", "file-upload"].includes(field.component);
  const helpId = field.helpText ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;
  const Component = isComponent(field.component) ? COMPONENTS[field.component] : undefined;
  // Choice groups, stars, the toggle and the signature are named by aria-labelledby; the others by <label for>.
  const labelFor = ["radio-group", "rating-stars", "toggle-switch", "signature", "datepicker"].includes(field.component) || (field.component === "checkbox-group" && Array.isArray(field.options) && field.options.length > 0) ? undefined : id;
  const LabelTag = labelFor ? "label" : "span";

  return (
    <div className={cn("grid min-w-0 content-start gap-1.5", wide && "col-span-full")} data-testid={`field-${field.key}`} data-component={field.component}>
      <LabelTag id={`${id}-label`} htmlFor={labelFor} className="text-sm font-medium leading-snug">
        {field.label}
        {p.required && (
          <>
            <span aria-hidden className="ml-0.5 text-destructive">
              *
            </span>
            <span className="sr-only"> ({t("formRenderer:field.required")})</span>
          </>
        )}
      </LabelTag>
      {Component ? (
        <Component {...p} invalid={!!error} describedBy={describedBy} />
      ) : (
        <p role="note" className="rounded-[var(--radius-button)] border border-dashed border-destructive/50 px-3 py-2 text-sm text-destructive" data-testid="unsupported-field">
          {messageText(t, unsupportedMessage(field.component))}
        </p>
      )}
      {field.helpText && (
        <p id={helpId} className="text-xs text-muted-foreground">
          {field.helpText}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive" data-testid={`error-${field.key}`}>
          {error}
        </p>
      )}
    </div>
  );
}

