import type { FormSchema } from "../../../../shared/forms/schema";

/** A stored upload, as a file answer carries it (the server checks it against storage). */
export type UploadedFile = { name: string; size: number; type: string; url: string };

export type FormRendererProps = {
  schema: FormSchema;
  /** preview: submit only shows success for 3 s; public: anonymous (uploads to /api/upload/public-form); signed-in: a staff user. */
  mode: "preview" | "public" | "signed-in";
  /** Sends the answers; rejects with an Error whose message the renderer shows in its error alert. */
  onSubmit?: (answers: Record<string, unknown>) => Promise<void>;
};

/** Being built (issue 17): the form renderer of the spec, for preview and submission. */
export function FormRenderer(_props: FormRendererProps) {
  return null;
}
