import type { TFunction } from "i18next";
import type { Message } from "../../../../shared/forms/rules";
import type { FormField } from "../../../../shared/forms/schema";

/** What every field component gets from the renderer. */
export type FieldProps = {
  field: FormField;
  /** the id of the field's first focusable element (its label points at it, the renderer focuses it on an error) */
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  required: boolean;
  invalid: boolean;
  /** ids of the help text and the message, for aria-describedby */
  describedBy: string | undefined;
  mode: "preview" | "public" | "signed-in";
  /** the public form's slug (public mode uploads to /api/upload/public-form?slug=) */
  slug?: string;
  /** a file field tells the renderer how many uploads are in flight (submit waits for them) */
  onUploading?: (key: string, count: number) => void;
};

/** A rule's message in the user's language: the form author's own text as written, else the catalog key with its parameters. */
export function messageText(t: TFunction, m: Message): string {
  return m.text ?? t(m.key, m.params);
}

export const asText = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
