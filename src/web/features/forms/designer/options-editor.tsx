import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { addOption, removeOption, updateFileOptions, updateOption } from "../../../../shared/forms/designer";
import { choicesOf, FILE_LIMITS, type FormField, fileOptionsOf, MB } from "../../../../shared/forms/schema";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { NumberInput, SwitchRow } from "./inputs";
import type { DesignerState } from "./use-designer-state";

/** §5 options tab (select, checkbox, radio): a new option is 'Option n' / 'option_n'; each can be edited, disabled or removed. */
export function ChoiceOptionsEditor({ field, state }: { field: FormField; state: DesignerState }) {
  const { t } = useTranslation();
  const options = choicesOf(field);
  const counts = new Map<string, number>();
  for (const o of options) counts.set(o.value, (counts.get(o.value) ?? 0) + 1);
  return (
    <div className="grid gap-3" data-testid="choice-options">
      <ul className="grid gap-3">
        {options.map((option, i) => {
          const duplicate = (counts.get(option.value) ?? 0) > 1;
          const n = i + 1;
          return (
            <li key={i} className="grid gap-2 rounded-[var(--radius-button)] border p-2" data-testid="option-row">
              <div className="grid grid-cols-2 gap-2">
                <Field label={t("formDesigner:options.label", { n })} htmlFor={`option-label-${i}`}>
                  <Input id={`option-label-${i}`} value={option.label} onChange={(e) => state.apply((s) => updateOption(s, field.key, i, { label: e.target.value }), `${field.key}:option:${i}:label`)} onBlur={state.seal} />
                </Field>
                <Field label={t("formDesigner:options.value", { n })} htmlFor={`option-value-${i}`} error={duplicate ? t("forms:errors.duplicateOption") : undefined}>
                  <Input
                    id={`option-value-${i}`}
                    className="font-mono"
                    value={option.value}
                    aria-invalid={duplicate}
                    onChange={(e) => state.apply((s) => updateOption(s, field.key, i, { value: e.target.value }), `${field.key}:option:${i}:value`)}
                    onBlur={state.seal}
                  />
                </Field>
              </div>
              <div className="flex items-center justify-between gap-2">
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4" checked={!!option.disabled} onChange={(e) => state.apply((s) => updateOption(s, field.key, i, { disabled: e.target.checked || undefined }))} />
                  {t("formDesigner:options.disabled")}
                </label>
                <Button variant="ghost" size="icon" onClick={() => state.apply((s) => removeOption(s, field.key, i))} aria-label={t("formDesigner:options.remove", { label: option.label })} title={t("formDesigner:options.remove", { label: option.label })}>
                  <Trash2 />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <Button variant="outline" onClick={() => state.apply((s) => addOption(s, field.key, t("forms:defaults.option")))} data-testid="add-option">
        <Plus />
        {t("formDesigner:options.add")}
      </Button>
    </div>
  );
}

/** §5 file options tab: several files or one, max files 1–20, max size 1–100 MB, accepted formats. */
export function FileOptionsEditor({ field, state }: { field: FormField; state: DesignerState }) {
  const { t } = useTranslation();
  const o = fileOptionsOf(field);
  const set = (patch: Parameters<typeof updateFileOptions>[2], what: string) => state.apply((s) => updateFileOptions(s, field.key, patch), `${field.key}:files:${what}`);
  return (
    <div className="grid gap-4" data-testid="file-options">
      <SwitchRow id="file-multiple" label={t("formDesigner:files.multiple")} checked={o.multiple} onChange={(v) => set({ multiple: v }, "multiple")} />
      <div className="grid grid-cols-2 gap-3">
        <Field label={t("formDesigner:files.maxFiles")} htmlFor="file-max-files" hint={t("formDesigner:files.range", { min: FILE_LIMITS.minFiles, max: FILE_LIMITS.maxFiles })}>
          <NumberInput id="file-max-files" integer allowEmpty={false} min={FILE_LIMITS.minFiles} max={FILE_LIMITS.maxFiles} value={o.maxFiles} onValue={(n) => n !== undefined && set({ maxFiles: n }, "maxFiles")} onBlur={state.seal} disabled={!o.multiple} />
        </Field>
        <Field label={t("formDesigner:files.maxSize")} htmlFor="file-max-size" hint={t("formDesigner:files.range", { min: FILE_LIMITS.minSizeMb, max: FILE_LIMITS.maxSizeMb })}>
          <NumberInput
            id="file-max-size"
            integer
            allowEmpty={false}
            min={FILE_LIMITS.minSizeMb}
            max={FILE_LIMITS.maxSizeMb}
            value={Math.round(o.maxSizeBytes / MB)}
            onValue={(n) => n !== undefined && set({ maxSizeMb: n }, "maxSize")}
            onBlur={state.seal}
          />
        </Field>
      </div>
      <Field label={t("formDesigner:files.formats")} htmlFor="file-formats" hint={t("formDesigner:files.formatsHint")}>
        <Input
          id="file-formats"
          key={o.allowedFormats.join(",")}
          defaultValue={o.allowedFormats.join(", ")}
          onBlur={(e) => {
            const list = [
              ...new Set(
                e.target.value
                  .split(",")
                  .map((x) => x.trim())
                  .filter(Boolean),
              ),
            ];
            state.apply((s) => updateFileOptions(s, field.key, { allowedFormats: list }));
          }}
        />
      </Field>
    </div>
  );
}
