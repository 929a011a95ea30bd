import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { addConditional, removeConditional, updateConditional } from "../../../../shared/forms/designer";
import { allFields, CONDITION_OPERATORS, type ConditionalRule, type ConditionOperator, type FormField, makeRule } from "../../../../shared/forms/schema";
import { Button } from "../../../components/ui/button";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import type { DesignerState } from "./use-designer-state";

const TARGET_LISTS = ["show", "hide", "require"] as const;
const needsValue = (operator: ConditionOperator) => operator !== "is_empty" && operator !== "is_not_empty";

/**
 * The 'Logic' tab of a field: the form's conditional rules that test this field (§3: if {field,
 * operator, value}, then {show, hide, require} lists of field keys), each editable and removable.
 */
export function ConditionsEditor({ field, state }: { field: FormField; state: DesignerState }) {
  const { t } = useTranslation();
  const { schema, apply, seal } = state;
  const rules = schema.conditionals.map((rule, index) => ({ rule, index })).filter((r) => r.rule.if.field === field.key);
  const others = allFields(schema).filter((f) => f.key !== field.key);
  const change = (index: number, rule: ConditionalRule, merge?: string) => apply((s) => updateConditional(s, index, rule), merge ?? null);
  return (
    <div className="grid gap-3" data-testid="conditions-editor">
      <p className="text-sm text-muted-foreground">{t("formDesigner:logic.intro", { label: field.label })}</p>
      {rules.length === 0 ? <p className="text-sm text-muted-foreground">{t("formDesigner:logic.none")}</p> : null}
      <ol className="grid gap-3">
        {rules.map(({ rule, index }, n) => {
          const id = `rule-${index}`;
          return (
            <li key={rule.id ?? index} className="grid gap-3 rounded-[var(--radius-button)] border p-3" data-testid="condition-rule">
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-semibold">{t("formDesigner:logic.rule", { n: n + 1 })}</h3>
                <Button variant="ghost" size="icon" onClick={() => apply((s) => removeConditional(s, index))} aria-label={t("formDesigner:logic.remove", { n: n + 1 })} title={t("formDesigner:logic.remove", { n: n + 1 })} data-testid="condition-remove">
                  <Trash2 />
                </Button>
              </div>
              <Field label={t("formDesigner:logic.operator")} htmlFor={`${id}-operator`}>
                <NativeSelect
                  id={`${id}-operator`}
                  value={rule.if.operator}
                  onChange={(e) => {
                    const operator = e.target.value as ConditionOperator;
                    change(index, makeRule(rule.if.field, operator, needsValue(operator) ? (rule.if.value ?? "") : undefined, rule.then, rule.id));
                  }}
                  data-testid="condition-operator"
                >
                  {CONDITION_OPERATORS.map((op) => (
                    <option key={op} value={op}>
                      {t(`forms:operators.${op}`)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              {needsValue(rule.if.operator) ? (
                <Field label={t("formDesigner:logic.value")} htmlFor={`${id}-value`}>
                  <Input
                    id={`${id}-value`}
                    value={rule.if.value === null || rule.if.value === undefined ? "" : String(rule.if.value)}
                    onChange={(e) => change(index, makeRule(rule.if.field, rule.if.operator, e.target.value, rule.then, rule.id), `${id}:value`)}
                    onBlur={seal}
                    data-testid="condition-value"
                  />
                </Field>
              ) : null}
              {others.length === 0 ? <p className="text-sm text-muted-foreground">{t("formDesigner:logic.noOtherFields")}</p> : null}
              {others.length > 0
                ? TARGET_LISTS.map((list) => (
                    <fieldset key={list} className="grid gap-1" data-testid={`condition-${list}`}>
                      <legend className="mb-1 text-sm font-medium">{t(`formDesigner:logic.${list}`)}</legend>
                      {others.map((f) => {
                        const checked = rule.then[list].includes(f.key);
                        return (
                          <label key={f.key} className="flex min-h-9 items-center gap-2 text-sm">
                            <input
                              type="checkbox"
                              className="size-4"
                              checked={checked}
                              onChange={(e) => {
                                const next = e.target.checked ? [...rule.then[list], f.key] : rule.then[list].filter((k) => k !== f.key);
                                change(index, makeRule(rule.if.field, rule.if.operator, rule.if.value, { ...rule.then, [list]: next }, rule.id));
                              }}
                            />
                            <span className="truncate">{f.label}</span>
                          </label>
                        );
                      })}
                    </fieldset>
                  ))
                : null}
            </li>
          );
        })}
      </ol>
      <Button variant="outline" onClick={() => apply((s) => addConditional(s, makeRule(field.key, "equals", ""), Date.now()))} data-testid="add-condition">
        <Plus />
        {t("formDesigner:logic.add")}
      </Button>
    </div>
  );
}
