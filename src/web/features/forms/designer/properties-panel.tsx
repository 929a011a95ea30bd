import { ArrowDown, ArrowUp, Copy, FolderInput, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { type FieldPatch, locateField, moveField, moveGroup, removeGroup, renameField, updateField, updateGroup } from "../../../../shared/forms/designer";
import { isSafePattern } from "../../../../shared/forms/pattern";
import { type FieldValidation, type FormField, type FormGroup, GROUP_COLUMNS, GROUP_WIDTHS, hasRangeRules, hasTextRules, isChoiceType, isFileType, isRequirable } from "../../../../shared/forms/schema";
import { Button } from "../../../components/ui/button";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { ConditionsEditor } from "./conditions-editor";
import { NumberInput, SwitchRow as SwitchRowField } from "./inputs";
import { ChoiceOptionsEditor, FileOptionsEditor } from "./options-editor";
import { FIELD_ICONS } from "./palette";
import { TabList, tabPanelProps } from "./tabs";
import type { DesignerState } from "./use-designer-state";

type PanelProps = { state: DesignerState; readOnly: boolean; onDuplicate: (key: string) => void; onRemoveField: (key: string) => void };

/** The right panel (spec 03 §2): the selected field's or group's properties. */
export function PropertiesPanel({ state, readOnly, onDuplicate, onRemoveField }: PanelProps) {
  const { schema, selection } = state;
  if (selection?.kind === "field") {
    const at = locateField(schema, selection.key);
    if (!at) return null;
    const field = schema.groups[at.groupIndex]!.fields[at.fieldIndex]!;
    return <FieldProperties key={field.key} field={field} state={state} readOnly={readOnly} onDuplicate={onDuplicate} onRemoveField={onRemoveField} />;
  }
  if (selection?.kind === "group") {
    const group = schema.groups.find((g) => g.id === selection.id);
    return group ? <GroupProperties key={group.id} group={group} state={state} readOnly={readOnly} /> : null;
  }
  return null;
}

type FieldTab = "general" | "validation" | "options" | "files" | "logic";

function FieldProperties({ field, state, readOnly, onDuplicate, onRemoveField }: { field: FormField } & PanelProps) {
  const { t } = useTranslation();
  const [tab, setTab] = React.useState<FieldTab>("general");
  const tabs: { value: FieldTab; label: string }[] = [{ value: "general", label: t("formDesigner:properties.tabs.general") }];
  if (hasTextRules(field.type) || hasRangeRules(field.type)) tabs.push({ value: "validation", label: t("formDesigner:properties.tabs.validation") });
  if (isChoiceType(field.type)) tabs.push({ value: "options", label: t("formDesigner:properties.tabs.options") });
  if (isFileType(field.type)) tabs.push({ value: "files", label: t("formDesigner:properties.tabs.files") });
  tabs.push({ value: "logic", label: t("formDesigner:properties.tabs.logic") });
  const current = tabs.some((x) => x.value === tab) ? tab : "general";
  const Icon = FIELD_ICONS[field.type];
  return (
    <div className="grid gap-4" data-testid="field-properties">
      <div className="flex items-center gap-2">
        <Icon className="size-5 text-muted-foreground" />
        <h2 className="min-w-0 flex-1 truncate text-base font-semibold">{t("formDesigner:properties.fieldTitle", { type: t(`forms:types.${field.type}`) })}</h2>
      </div>
      <FieldActions field={field} state={state} readOnly={readOnly} onDuplicate={onDuplicate} onRemoveField={onRemoveField} />
      <TabList id="field-props" tabs={tabs} value={current} onChange={setTab} label={t("formDesigner:properties.tabsLabel")} />
      <fieldset disabled={readOnly} className="grid min-w-0 gap-4" {...tabPanelProps("field-props", current)}>
        {current === "general" ? <GeneralTab field={field} state={state} /> : null}
        {current === "validation" ? <ValidationTab field={field} state={state} /> : null}
        {current === "options" ? <ChoiceOptionsEditor field={field} state={state} /> : null}
        {current === "files" ? <FileOptionsEditor field={field} state={state} /> : null}
        {current === "logic" ? <ConditionsEditor field={field} state={state} /> : null}
      </fieldset>
    </div>
  );
}

/** Duplicate, delete, and the keyboard's way to do what dragging does: move up, down, or to another group. */
function FieldActions({ field, state, readOnly, onDuplicate, onRemoveField }: { field: FormField } & PanelProps) {
  const { t } = useTranslation();
  const { schema, apply } = state;
  const at = locateField(schema, field.key)!;
  const group = schema.groups[at.groupIndex]!;
  const others = schema.groups.filter((g) => g.id !== group.id);
  const [target, setTarget] = React.useState(others[0]?.id ?? "");
  const targetId = others.some((g) => g.id === target) ? target : (others[0]?.id ?? "");
  const move = (delta: number) => apply((s) => moveField(s, field.key, group.id, at.fieldIndex + delta));
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => move(-1)} disabled={readOnly || at.fieldIndex === 0} data-testid="field-move-up">
          <ArrowUp />
          {t("formDesigner:properties.moveUp")}
        </Button>
        <Button variant="outline" size="sm" onClick={() => move(1)} disabled={readOnly || at.fieldIndex === group.fields.length - 1} data-testid="field-move-down">
          <ArrowDown />
          {t("formDesigner:properties.moveDown")}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onDuplicate(field.key)} disabled={readOnly} data-testid="properties-duplicate">
          <Copy />
          {t("formDesigner:properties.duplicate")}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onRemoveField(field.key)} disabled={readOnly} className="text-destructive" title={t("formDesigner:shortcuts.delete")} data-testid="properties-remove">
          <Trash2 />
          {t("formDesigner:properties.remove")}
        </Button>
      </div>
      {others.length > 0 ? (
        <div className="flex items-end gap-2">
          <Field label={t("formDesigner:properties.moveToGroup")} htmlFor="move-to-group" className="min-w-0 flex-1">
            <NativeSelect id="move-to-group" value={targetId} onChange={(e) => setTarget(e.target.value)} disabled={readOnly}>
              {others.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Button variant="outline" onClick={() => apply((s) => moveField(s, field.key, targetId))} disabled={readOnly || !targetId} aria-label={t("formDesigner:properties.moveToGroupAction")} title={t("formDesigner:properties.moveToGroupAction")} data-testid="field-move-to-group">
            <FolderInput />
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function GeneralTab({ field, state }: { field: FormField; state: DesignerState }) {
  const { t } = useTranslation();
  const { apply, seal } = state;
  const patch = (p: FieldPatch, what: string) => apply((s) => updateField(s, field.key, p), `${field.key}:${what}`);
  const id = (name: string) => `field-${name}`;
  const labelMissing = field.label.trim() === "";
  const hasPlaceholder = ["textbox", "textarea", "dropdown", "datepicker", "timepicker"].includes(field.component) && field.type !== "hidden";
  return (
    <>
      <Field label={t("formDesigner:properties.label")} htmlFor={id("label")} required error={labelMissing ? t("formDesigner:properties.labelRequired") : undefined}>
        <Input id={id("label")} value={field.label} onChange={(e) => patch({ label: e.target.value }, "label")} onBlur={seal} aria-invalid={labelMissing} data-testid="prop-label" />
      </Field>
      <KeyInput field={field} state={state} />
      {hasPlaceholder ? (
        <Field label={t("formDesigner:properties.placeholder")} htmlFor={id("placeholder")}>
          <Input id={id("placeholder")} value={field.placeholder ?? ""} onChange={(e) => patch({ placeholder: e.target.value || undefined }, "placeholder")} onBlur={seal} />
        </Field>
      ) : null}
      <Field label={t("formDesigner:properties.helpText")} htmlFor={id("help")}>
        <Input id={id("help")} value={field.helpText ?? ""} onChange={(e) => patch({ helpText: e.target.value || undefined }, "helpText")} onBlur={seal} />
      </Field>
      <DefaultValueInput field={field} state={state} />
      {isRequirable(field.component) ? <SwitchRowField id={id("required")} label={t("formDesigner:properties.required")} checked={field.required} onChange={(v) => patch({ required: v }, "required")} testId="prop-required" /> : null}
      <Field label={t("formDesigner:properties.width")} htmlFor={id("width")}>
        <NativeSelect id={id("width")} value={field.width ?? "full"} onChange={(e) => patch({ width: e.target.value as FormField["width"] }, "width")}>
          {GROUP_WIDTHS.map((w) => (
            <option key={w} value={w}>
              {t(`formDesigner:widths.${w}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <SwitchRowField id={id("disabled")} label={t("formDesigner:properties.disabled")} checked={!!field.disabled} onChange={(v) => patch({ disabled: v || undefined }, "disabled")} />
      <SwitchRowField id={id("readonly")} label={t("formDesigner:properties.readOnly")} checked={!!field.readOnly} onChange={(v) => patch({ readOnly: v || undefined }, "readOnly")} />
    </>
  );
}

/** The key: changed on Enter or when leaving the box (renameField, which also renames it in the conditions). */
function KeyInput({ field, state }: { field: FormField; state: DesignerState }) {
  const { t } = useTranslation();
  const [draft, setDraft] = React.useState(field.key);
  const [error, setError] = React.useState<string>();
  const commit = () => {
    const result = renameField(state.schema, field.key, draft);
    if (!result.ok) {
      setError(t(result.error));
      return;
    }
    setError(undefined);
    if (result.schema !== state.schema) state.apply(result.schema, null, { kind: "field", key: draft.trim() });
  };
  return (
    <Field label={t("formDesigner:properties.key")} htmlFor="field-key" required error={error} hint={t("formDesigner:properties.keyHint")}>
      <Input
        id="field-key"
        value={draft}
        className="font-mono"
        aria-invalid={!!error}
        aria-describedby={error ? "field-key-error" : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          }
        }}
        data-testid="prop-key"
      />
    </Field>
  );
}

function DefaultValueInput({ field, state }: { field: FormField; state: DesignerState }) {
  const { t } = useTranslation();
  const set = (defaultValue: FormField["defaultValue"]) => state.apply((s) => updateField(s, field.key, { defaultValue }), `${field.key}:default`);
  const label = t("formDesigner:properties.defaultValue");
  if (field.component === "file-upload" || field.component === "signature" || field.component === "checkbox-group") return null;
  if (field.component === "toggle-switch") return <SwitchRowField id="field-default" label={label} checked={field.defaultValue === true} onChange={(v) => set(v)} />;
  if (field.type === "number" || field.type === "slider" || field.type === "rating")
    return (
      <Field label={label} htmlFor="field-default">
        <NumberInput id="field-default" value={typeof field.defaultValue === "number" ? field.defaultValue : undefined} onValue={(v) => set(v)} onBlur={state.seal} />
      </Field>
    );
  return (
    <Field label={label} htmlFor="field-default">
      <Input id="field-default" value={typeof field.defaultValue === "string" ? field.defaultValue : ""} onChange={(e) => set(e.target.value === "" && field.type !== "hidden" ? undefined : e.target.value)} onBlur={state.seal} />
    </Field>
  );
}

/** §5: min/max length and pattern for text, textarea, email, url; min/max value for number and slider. */
function ValidationTab({ field, state }: { field: FormField; state: DesignerState }) {
  const { t } = useTranslation();
  const v = field.validation ?? {};
  const set = (p: Partial<FieldValidation>, what: string) =>
    state.apply(
      (s) => {
        const merged: FieldValidation = { ...v, ...p };
        const kept = Object.fromEntries(Object.entries(merged).filter(([, x]) => x !== undefined && x !== "")) as FieldValidation;
        return updateField(s, field.key, { validation: Object.keys(kept).length > 0 ? kept : undefined });
      },
      `${field.key}:validation:${what}`,
    );
  const lengthError = v.minLength !== undefined && v.maxLength !== undefined && v.minLength > v.maxLength ? t("forms:errors.minAboveMax") : undefined;
  const rangeError = v.min !== undefined && v.max !== undefined && v.min > v.max ? t("forms:errors.minAboveMax") : undefined;
  const patternError = v.pattern && !isSafePattern(v.pattern) ? t("forms:errors.invalidPattern") : undefined;
  return (
    <>
      {hasTextRules(field.type) ? (
        <>
          <div className="grid grid-cols-2 gap-3">
            <Field label={t("formDesigner:properties.minLength")} htmlFor="field-min-length">
              <NumberInput id="field-min-length" integer min={0} value={v.minLength} onValue={(n) => set({ minLength: n }, "minLength")} onBlur={state.seal} />
            </Field>
            <Field label={t("formDesigner:properties.maxLength")} htmlFor="field-max-length" error={lengthError}>
              <NumberInput id="field-max-length" integer min={0} value={v.maxLength} onValue={(n) => set({ maxLength: n }, "maxLength")} onBlur={state.seal} aria-invalid={!!lengthError} />
            </Field>
          </div>
          <Field label={t("formDesigner:properties.pattern")} htmlFor="field-pattern" error={patternError} hint={t("formDesigner:properties.patternHint")}>
            <Input id="field-pattern" className="font-mono" value={v.pattern ?? ""} onChange={(e) => set({ pattern: e.target.value }, "pattern")} onBlur={state.seal} aria-invalid={!!patternError} />
          </Field>
          <Field label={t("formDesigner:properties.patternMessage")} htmlFor="field-pattern-message">
            <Input
              id="field-pattern-message"
              value={v.messages?.pattern ?? ""}
              placeholder={t("forms:validation.pattern")}
              onChange={(e) => set({ messages: e.target.value ? { pattern: e.target.value } : undefined }, "patternMessage")}
              onBlur={state.seal}
            />
          </Field>
        </>
      ) : null}
      {hasRangeRules(field.type) ? (
        <div className="grid grid-cols-2 gap-3">
          <Field label={t("formDesigner:properties.min")} htmlFor="field-min">
            <NumberInput id="field-min" value={v.min} onValue={(n) => set({ min: n }, "min")} onBlur={state.seal} />
          </Field>
          <Field label={t("formDesigner:properties.max")} htmlFor="field-max" error={rangeError}>
            <NumberInput id="field-max" value={v.max} onValue={(n) => set({ max: n }, "max")} onBlur={state.seal} aria-invalid={!!rangeError} />
          </Field>
        </div>
      ) : null}
    </>
  );
}

/** A group's name, columns (1–4), width and whether it collapses; move and delete. */
function GroupProperties({ group, state, readOnly }: { group: FormGroup; state: DesignerState; readOnly: boolean }) {
  const { t } = useTranslation();
  const { schema, apply, seal } = state;
  const index = schema.groups.findIndex((g) => g.id === group.id);
  const patch = (p: Parameters<typeof updateGroup>[2], what: string) => apply((s) => updateGroup(s, group.id, p), `${group.id}:${what}`);
  const columns = Array.from({ length: GROUP_COLUMNS.designerMax - GROUP_COLUMNS.min + 1 }, (_, i) => GROUP_COLUMNS.min + i);
  return (
    <div className="grid gap-4" data-testid="group-properties">
      <h2 className="text-base font-semibold">{t("formDesigner:properties.groupTitle")}</h2>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => apply((s) => moveGroup(s, group.id, index - 1))} disabled={readOnly || index === 0} data-testid="group-move-up">
          <ArrowUp />
          {t("formDesigner:properties.moveUp")}
        </Button>
        <Button variant="outline" size="sm" onClick={() => apply((s) => moveGroup(s, group.id, index + 1))} disabled={readOnly || index === schema.groups.length - 1} data-testid="group-move-down">
          <ArrowDown />
          {t("formDesigner:properties.moveDown")}
        </Button>
        <Button variant="outline" size="sm" className="text-destructive" onClick={() => apply((s) => removeGroup(s, group.id), null, null)} disabled={readOnly} data-testid="group-remove">
          <Trash2 />
          {t("formDesigner:properties.removeGroup")}
        </Button>
      </div>
      <fieldset disabled={readOnly} className="grid min-w-0 gap-4">
        <Field label={t("formDesigner:properties.groupName")} htmlFor="group-name" required>
          <Input id="group-name" value={group.name} onChange={(e) => patch({ name: e.target.value }, "name")} onBlur={seal} data-testid="group-name" />
        </Field>
        <Field label={t("formDesigner:properties.columns")} htmlFor="group-columns">
          <NativeSelect id="group-columns" value={Math.min(group.columns, GROUP_COLUMNS.designerMax)} onChange={(e) => patch({ columns: Number(e.target.value) }, "columns")} data-testid="group-columns">
            {columns.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={t("formDesigner:properties.width")} htmlFor="group-width">
          <NativeSelect id="group-width" value={group.width} onChange={(e) => patch({ width: e.target.value as FormGroup["width"] }, "width")} data-testid="group-width">
            {GROUP_WIDTHS.map((w) => (
              <option key={w} value={w}>
                {t(`formDesigner:widths.${w}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <SwitchRowField id="group-collapsible" label={t("formDesigner:properties.collapsible")} checked={group.collapsible} onChange={(v) => patch({ collapsible: v }, "collapsible")} />
      </fieldset>
    </div>
  );
}
