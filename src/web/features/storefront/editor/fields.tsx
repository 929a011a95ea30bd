import { ImageIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { Switch } from "../../../components/ui/switch";
import { SelectBackgroundImageDialog } from "../media/select-background-image-dialog";

/** Small labelled inputs of the section settings panel. Every id is derived from the field's path so labels stay unique. */

export function TextField({ id, label, value, onChange, multiline, rows, hint, placeholder, mono }: { id: string; label: string; value: string | undefined; onChange: (v: string) => void; multiline?: boolean; rows?: number; hint?: string; placeholder?: string; mono?: boolean }) {
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      {multiline ? (
        <textarea
          id={id}
          rows={rows ?? 4}
          value={value ?? ""}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          className={`w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring ${mono ? "font-mono text-xs" : ""}`}
        />
      ) : (
        <Input id={id} value={value ?? ""} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

export function NumberField({ id, label, value, onChange, min, max, step }: { id: string; label: string; value: number | undefined; onChange: (v: number | undefined) => void; min: number; max: number; step?: number }) {
  return (
    <Field label={label} htmlFor={id}>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step ?? 1}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value === "" ? undefined : Number(e.target.value))}
      />
    </Field>
  );
}

export function SelectField<T extends string>({ id, label, value, options, onChange, allowEmpty }: { id: string; label: string; value: T | undefined; options: { value: T; label: string }[]; onChange: (v: T | undefined) => void; allowEmpty?: string }) {
  return (
    <Field label={label} htmlFor={id}>
      <NativeSelect id={id} value={value ?? ""} onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}>
        {allowEmpty !== undefined ? <option value="">{allowEmpty}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

export function ToggleField({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

const HEX = /^#[0-9a-fA-F]{6}$/;

export function ColorField({ id, label, value, onChange }: { id: string; label: string; value: string | undefined; onChange: (v: string | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <Field label={label} htmlFor={id}>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={t("storefrontEditor:fields.pickColor", { label })}
          value={value && HEX.test(value) ? value : "#ffffff"}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded border border-input bg-card p-1"
        />
        <Input id={id} value={value ?? ""} placeholder="#ffffff" onChange={(e) => onChange(e.target.value || undefined)} />
      </div>
    </Field>
  );
}

/** An image address: typed, or chosen in the 'Select Background Image' dialog (upload, URL or library). */
export function ImageField({ id, label, value, onChange }: { id: string; label: string; value: string | undefined; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = React.useState(false);
  return (
    <Field label={label} htmlFor={id}>
      <div className="flex gap-2">
        <Input id={id} value={value ?? ""} placeholder="https://" onChange={(e) => onChange(e.target.value)} />
        <Button type="button" variant="outline" onClick={() => setOpen(true)} aria-label={t("storefrontEditor:fields.chooseImage", { label })} title={t("storefrontEditor:fields.chooseImage", { label })}>
          <ImageIcon aria-hidden />
        </Button>
      </div>
      {value ? <img src={value} alt="" className="mt-1 h-16 w-full rounded object-cover" /> : null}
      <SelectBackgroundImageDialog
        open={open}
        onOpenChange={setOpen}
        onSelect={(url) => {
          onChange(url);
          setOpen(false);
        }}
      />
    </Field>
  );
}
