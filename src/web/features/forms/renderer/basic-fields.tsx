import { useTranslation } from "react-i18next";
import { choicesOf, SLIDER_DEFAULTS } from "../../../../shared/forms/schema";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Switch } from "../../../components/ui/switch";
import { cn } from "../../../lib/utils";
import { asText, type FieldProps } from "./field-props";

const aria = (p: FieldProps) => ({ "aria-invalid": p.invalid || undefined, "aria-describedby": p.describedBy, "aria-required": p.required || undefined });

const INPUT_TYPES: Record<string, string> = { text: "text", email: "email", url: "url", tel: "tel", number: "number" };
const AUTOCOMPLETE: Record<string, string> = { email: "email", tel: "tel", url: "url" };

/** textbox: text, email, url, tel and number (a hidden-type field is never drawn). */
export function TextboxField(p: FieldProps) {
  const type = INPUT_TYPES[p.field.type] ?? "text";
  return (
    <Input
      id={p.id}
      name={p.field.key}
      type={type}
      inputMode={type === "number" ? "decimal" : undefined}
      step={type === "number" ? "any" : undefined}
      autoComplete={AUTOCOMPLETE[p.field.type] ?? "off"}
      value={asText(p.value)}
      placeholder={p.field.placeholder}
      disabled={p.field.disabled}
      readOnly={p.field.readOnly}
      maxLength={type === "number" ? undefined : p.field.validation?.maxLength}
      onChange={(e) => p.onChange(e.target.value)}
      {...aria(p)}
    />
  );
}

export function TextareaField(p: FieldProps) {
  return (
    <textarea
      id={p.id}
      name={p.field.key}
      rows={4}
      className="flex min-h-24 w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive"
      value={asText(p.value)}
      placeholder={p.field.placeholder}
      disabled={p.field.disabled}
      readOnly={p.field.readOnly}
      maxLength={p.field.validation?.maxLength}
      onChange={(e) => p.onChange(e.target.value)}
      {...aria(p)}
    />
  );
}

/** timepicker: HH:mm. */
export function TimeField(p: FieldProps) {
  return <Input id={p.id} name={p.field.key} type="time" step={60} className="max-w-40" value={asText(p.value)} disabled={p.field.disabled} readOnly={p.field.readOnly} onChange={(e) => p.onChange(e.target.value)} {...aria(p)} />;
}

export function DropdownField(p: FieldProps) {
  const { t } = useTranslation();
  return (
    <NativeSelect id={p.id} name={p.field.key} value={asText(p.value)} disabled={p.field.disabled || p.field.readOnly} onChange={(e) => p.onChange(e.target.value)} {...aria(p)}>
      <option value="">{p.field.placeholder || t("formRenderer:field.choose")}</option>
      {choicesOf(p.field).map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  );
}

const choiceBox = "flex min-h-11 items-center gap-3 rounded-[var(--radius-button)] px-1 text-sm has-[:disabled]:opacity-50";
const choiceInput = "size-4 shrink-0 accent-[var(--color-primary)]";

/** radio-group: one choice, arrows move between options (the browser's own radio behaviour). */
export function RadioGroupField(p: FieldProps) {
  const choices = choicesOf(p.field);
  const current = asText(p.value);
  return (
    <div role="radiogroup" aria-labelledby={`${p.id}-label`} {...aria(p)} className="grid gap-0.5">
      {choices.map((o, i) => (
        <label key={o.value} className={choiceBox}>
          <input
            id={i === 0 ? p.id : undefined}
            type="radio"
            name={`${p.id}-radio`}
            value={o.value}
            className={choiceInput}
            checked={current === o.value}
            disabled={o.disabled || p.field.disabled || p.field.readOnly}
            onChange={() => p.onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}

/** checkbox-group: several choices stored as a list; with no options, one yes/no box. */
export function CheckboxGroupField(p: FieldProps) {
  const { t } = useTranslation();
  const choices = choicesOf(p.field);
  if (choices.length === 0) {
    return (
      <label className={choiceBox}>
        <input id={p.id} type="checkbox" className={choiceInput} checked={p.value === true} disabled={p.field.disabled || p.field.readOnly} onChange={(e) => p.onChange(e.target.checked)} aria-describedby={p.describedBy} />
        {p.field.placeholder || t("formRenderer:field.yes")}
      </label>
    );
  }
  const list = Array.isArray(p.value) ? (p.value as string[]) : [];
  return (
    <fieldset aria-labelledby={`${p.id}-label`} aria-describedby={p.describedBy} className="m-0 grid min-w-0 gap-0.5 border-0 p-0">
      {choices.map((o, i) => (
        <label key={o.value} className={choiceBox}>
          <input
            id={i === 0 ? p.id : undefined}
            type="checkbox"
            value={o.value}
            className={choiceInput}
            checked={list.includes(o.value)}
            disabled={o.disabled || p.field.disabled || p.field.readOnly}
            onChange={(e) => p.onChange(e.target.checked ? [...list, o.value] : list.filter((v) => v !== o.value))}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

export function ToggleField(p: FieldProps) {
  const { t } = useTranslation();
  const on = p.value === true;
  return (
    <div className="flex min-h-11 items-center gap-3">
      <Switch id={p.id} checked={on} disabled={p.field.disabled || p.field.readOnly} onCheckedChange={(v) => p.onChange(v)} aria-labelledby={`${p.id}-label`} aria-describedby={p.describedBy} />
      <span className="text-sm text-muted-foreground" aria-hidden>
        {t(on ? "formRenderer:field.yes" : "formRenderer:field.no")}
      </span>
    </div>
  );
}

/** range-slider: min 0, max 100, step 1 unless validation.min/max say otherwise; no value until it is moved. */
export function SliderField(p: FieldProps) {
  const { t } = useTranslation();
  const min = p.field.validation?.min ?? SLIDER_DEFAULTS.min;
  const max = p.field.validation?.max ?? SLIDER_DEFAULTS.max;
  const set = typeof p.value === "number" || (typeof p.value === "string" && p.value !== "");
  const n = set ? Number(p.value) : min;
  return (
    <div className="flex items-center gap-3">
      <span className="text-xs tabular-nums text-muted-foreground" aria-hidden>
        {min}
      </span>
      <input
        id={p.id}
        type="range"
        min={min}
        max={max}
        step={SLIDER_DEFAULTS.step}
        value={n}
        disabled={p.field.disabled || p.field.readOnly}
        className={cn("h-11 w-full min-w-0 accent-[var(--color-primary)]", !set && "opacity-60")}
        aria-valuetext={set ? String(n) : t("formRenderer:field.noValue")}
        onChange={(e) => p.onChange(Number(e.target.value))}
        {...aria(p)}
      />
      <span className="text-xs tabular-nums text-muted-foreground" aria-hidden>
        {max}
      </span>
      <output htmlFor={p.id} className="min-w-10 rounded-md border px-2 py-1 text-center text-sm font-medium tabular-nums">
        {set ? n : "—"}
      </output>
    </div>
  );
}

/** color-picker: #rrggbb; shows 'no colour' until one is picked. */
export function ColorField(p: FieldProps) {
  const { t } = useTranslation();
  const value = asText(p.value);
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input
        id={p.id}
        type="color"
        className="h-10 w-14 cursor-pointer rounded-[var(--radius-button)] border border-input bg-card p-1 disabled:cursor-not-allowed"
        value={/^#[0-9a-fA-F]{6}$/.test(value) ? value : "#000000"}
        disabled={p.field.disabled || p.field.readOnly}
        onChange={(e) => p.onChange(e.target.value)}
        {...aria(p)}
      />
      <span className="font-mono text-sm text-muted-foreground">{value || t("formRenderer:field.noColor")}</span>
    </div>
  );
}
