import { X } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { addRecipient, addTag, type ListAdd, removeRecipient, removeTag, type SettingsPatch, updateMetadata, updateSettings } from "../../../../shared/forms/designer";
import { CONFIRMATION_TYPES, type FormSchema, isWebAddress, LAYOUTS, SUBMIT_POSITIONS, THEMES } from "../../../../shared/forms/schema";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { NumberInput, SwitchRow } from "./inputs";
import type { DesignerState } from "./use-designer-state";

/** The form record's own settings, saved by form.update beside the schema (beyond the spec's cards). */
export type AccessSettings = { isPublic: boolean; maxSubmissions: number | null; closedMessage: string };

const textareaClass =
  "flex min-h-24 w-full rounded-[var(--radius-button)] border border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50";

/** The Settings tab (spec 03 §2): Form Information, Form Layout, Submit Button, Confirmation Settings, Email Notifications, and Access. */
export function SettingsTab({ state, access, onAccess, readOnly }: { state: DesignerState; access: AccessSettings; onAccess: (a: AccessSettings) => void; readOnly: boolean }) {
  const { t } = useTranslation();
  const { schema, apply, seal } = state;
  const s = schema.settings;
  const set = (patch: SettingsPatch, what: string | null = null) => apply((x) => updateSettings(x, patch), what);
  const redirectInvalid = s.confirmation.type === "redirect" && !!s.confirmation.redirectUrl && !isWebAddress(s.confirmation.redirectUrl);
  return (
    <fieldset disabled={readOnly} className="grid min-w-0 gap-4 lg:grid-cols-2" data-testid="settings-tab">
      <Card>
        <CardHeader>
          <CardTitle>{t("formDesigner:settings.info.title")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field label={t("formDesigner:settings.info.description")} htmlFor="form-description">
            <textarea
              id="form-description"
              className={textareaClass}
              value={schema.metadata.description ?? ""}
              onChange={(e) => apply((x) => updateMetadata(x, { description: e.target.value || undefined }), "description")}
              onBlur={seal}
              data-testid="form-description"
            />
          </Field>
          <ListInput
            id="form-tags"
            label={t("formDesigner:settings.info.tags")}
            hint={t("formDesigner:settings.enterAdds")}
            items={schema.metadata.tags}
            onAdd={(v) => {
              const r = addTag(schema, v);
              if (r.added) apply(r.schema);
              return r;
            }}
            onRemove={(v) => apply((x) => removeTag(x, v))}
            removeLabel={(v) => t("formDesigner:settings.info.removeTag", { tag: v })}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("formDesigner:settings.layout.title")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field label={t("formDesigner:settings.layout.layout")} htmlFor="form-layout">
            <NativeSelect id="form-layout" value={s.layout} onChange={(e) => set({ layout: e.target.value as FormSchema["settings"]["layout"] })}>
              {LAYOUTS.map((v) => (
                <option key={v} value={v}>
                  {t(`formDesigner:settings.layout.layouts.${v}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("formDesigner:settings.layout.theme")} htmlFor="form-theme">
            <NativeSelect id="form-theme" value={s.theme} onChange={(e) => set({ theme: e.target.value as FormSchema["settings"]["theme"] })}>
              {THEMES.map((v) => (
                <option key={v} value={v}>
                  {t(`formDesigner:settings.layout.themes.${v}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <SwitchRow id="form-logo" label={t("formDesigner:settings.layout.showCompanyLogo")} checked={s.showCompanyLogo} onChange={(v) => set({ showCompanyLogo: v })} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("formDesigner:settings.submit.title")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field label={t("formDesigner:settings.submit.text")} htmlFor="submit-text">
            <Input id="submit-text" value={s.submitButton.text} onChange={(e) => set({ submitButton: { text: e.target.value } }, "submitText")} onBlur={seal} />
          </Field>
          <Field label={t("formDesigner:settings.submit.position")} htmlFor="submit-position">
            <NativeSelect id="submit-position" value={s.submitButton.position} onChange={(e) => set({ submitButton: { position: e.target.value as FormSchema["settings"]["submitButton"]["position"] } })}>
              {SUBMIT_POSITIONS.map((v) => (
                <option key={v} value={v}>
                  {t(`formDesigner:settings.submit.positions.${v}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("formDesigner:settings.confirmation.title")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field label={t("formDesigner:settings.confirmation.type")} htmlFor="confirmation-type">
            <NativeSelect id="confirmation-type" value={s.confirmation.type} onChange={(e) => set({ confirmation: { type: e.target.value as FormSchema["settings"]["confirmation"]["type"] } })}>
              {CONFIRMATION_TYPES.map((v) => (
                <option key={v} value={v}>
                  {t(`formDesigner:settings.confirmation.types.${v}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("formDesigner:settings.confirmation.message")} htmlFor="confirmation-message">
            <textarea id="confirmation-message" className={textareaClass} value={s.confirmation.message ?? ""} onChange={(e) => set({ confirmation: { message: e.target.value || undefined } }, "confirmationMessage")} onBlur={seal} />
          </Field>
          {s.confirmation.type === "redirect" ? (
            <Field label={t("formDesigner:settings.confirmation.redirectUrl")} htmlFor="confirmation-redirect" error={redirectInvalid ? t("forms:errors.invalidUrl") : undefined}>
              <Input id="confirmation-redirect" type="url" value={s.confirmation.redirectUrl ?? ""} onChange={(e) => set({ confirmation: { redirectUrl: e.target.value || undefined } }, "redirectUrl")} onBlur={seal} aria-invalid={redirectInvalid} placeholder="https://" />
            </Field>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("formDesigner:settings.email.title")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SwitchRow id="email-enabled" label={t("formDesigner:settings.email.enabled")} checked={s.emailNotifications.enabled} onChange={(v) => set({ emailNotifications: { enabled: v } })} />
          <ListInput
            id="email-recipients"
            type="email"
            label={t("formDesigner:settings.email.recipients")}
            hint={t("formDesigner:settings.enterAdds")}
            items={s.emailNotifications.recipients}
            onAdd={(v) => {
              const r = addRecipient(schema, v);
              if (r.added) apply(r.schema);
              return r;
            }}
            onRemove={(v) => apply((x) => removeRecipient(x, v))}
            removeLabel={(v) => t("formDesigner:settings.email.removeRecipient", { email: v })}
          />
          <Field label={t("formDesigner:settings.email.subject")} htmlFor="email-subject">
            <Input id="email-subject" value={s.emailNotifications.emailSubject ?? ""} onChange={(e) => set({ emailNotifications: { emailSubject: e.target.value || undefined } }, "emailSubject")} onBlur={seal} />
          </Field>
          <Field label={t("formDesigner:settings.email.body")} htmlFor="email-body">
            <textarea id="email-body" className={textareaClass} value={s.emailNotifications.emailBody ?? ""} onChange={(e) => set({ emailNotifications: { emailBody: e.target.value || undefined } }, "emailBody")} onBlur={seal} />
          </Field>
          <SwitchRow id="email-include" label={t("formDesigner:settings.email.includeSubmissionData")} checked={s.emailNotifications.includeSubmissionData} onChange={(v) => set({ emailNotifications: { includeSubmissionData: v } })} />
          <SwitchRow id="email-pdf" label={t("formDesigner:settings.email.attachPDF")} checked={s.emailNotifications.attachPDF} onChange={(v) => set({ emailNotifications: { attachPDF: v } })} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("formDesigner:settings.access.title")}</CardTitle>
          <CardDescription>{t("formDesigner:settings.access.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SwitchRow id="access-public" label={t("formDesigner:settings.access.isPublic")} hint={t("formDesigner:settings.access.isPublicHint")} checked={access.isPublic} onChange={(v) => onAccess({ ...access, isPublic: v })} testId="access-public" />
          <Field label={t("formDesigner:settings.access.maxSubmissions")} htmlFor="access-max" hint={t("formDesigner:settings.access.maxSubmissionsHint")}>
            <NumberInput id="access-max" integer min={1} value={access.maxSubmissions ?? undefined} onValue={(n) => onAccess({ ...access, maxSubmissions: n ?? null })} data-testid="access-max" />
          </Field>
          <Field label={t("formDesigner:settings.access.closedMessage")} htmlFor="access-closed">
            <textarea id="access-closed" className={textareaClass} value={access.closedMessage} onChange={(e) => onAccess({ ...access, closedMessage: e.target.value })} placeholder={t("forms:errors.formClosed")} />
          </Field>
        </CardContent>
      </Card>
    </fieldset>
  );
}

/** Tags and recipients (§5): trimmed, ignored when empty or a duplicate; Enter adds. */
function ListInput({
  id,
  label,
  hint,
  items,
  onAdd,
  onRemove,
  removeLabel,
  type = "text",
}: {
  id: string;
  label: string;
  hint: string;
  items: string[];
  onAdd: (value: string) => Omit<ListAdd, "list">;
  onRemove: (value: string) => void;
  removeLabel: (value: string) => string;
  type?: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = React.useState("");
  const [error, setError] = React.useState<string>();
  const add = () => {
    const r = onAdd(draft);
    if (r.added || r.reason === "empty") {
      setDraft("");
      setError(undefined);
    } else setError(t(`formDesigner:settings.listErrors.${r.reason ?? "invalid"}`));
  };
  return (
    <Field label={label} htmlFor={id} hint={hint} error={error}>
      <Input
        id={id}
        type={type}
        value={draft}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(undefined);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            add();
          }
        }}
        data-testid={id}
      />
      {items.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {items.map((item) => (
            <li key={item}>
              <Badge variant="secondary" className="gap-1 py-0 pr-0">
                <span className="max-w-48 truncate">{item}</span>
                <Button variant="ghost" size="icon" className="size-7" onClick={() => onRemove(item)} aria-label={removeLabel(item)} title={removeLabel(item)}>
                  <X />
                </Button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </Field>
  );
}
