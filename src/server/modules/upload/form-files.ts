import { type FileInfo, isEmptyValue } from "../../../shared/forms/rules";
import { allFields, type FormSchema } from "../../../shared/forms/schema";
import { appError } from "../../trpc/errors";
import { contentTypeOf, PRIVATE_PREFIX, type UploadStorage } from "./storage";

/**
 * Files answered in a form (issue 17): a file answer names an upload by its private url; the
 * server checks it is one of the tenant's stored files and takes its size and type from storage.
 */

/** /api/files/{uuid}{ext}: the address a private upload answers (anything else is not a stored form file). */
export const PRIVATE_FILE_URL = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z]{3,4})$/;

/** The stored facts of a private file of the tenant (size in bytes, type by extension), or null when there is no such file. */
export async function storedFormFile(storage: UploadStorage, tenantId: string, url: string): Promise<{ size: number; type: string } | null> {
  const name = PRIVATE_FILE_URL.exec(url)?.[1];
  if (!name) return null;
  const size = await storage.size(`${PRIVATE_PREFIX}/${tenantId}/${name}`);
  return size === null ? null : { size, type: contentTypeOf(name.slice(name.lastIndexOf("."))) };
}

export const FORM_FILE_MESSAGES = {
  fileNotFound: "formRenderer:errors.fileNotStored",
  signature: "formRenderer:errors.signatureInvalid",
} as const;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A signature answer's most bytes once decoded (its data URL is at most FORM_LIMITS.signatureChars long). */
export const SIGNATURE_MAX_BYTES = 500 * 1024;

/**
 * The server's own facts about the files a submission names, by field key, for validateSubmission
 * to check instead of what the browser claims: every entry of a file field must be the url of a
 * private file of this tenant (/api/files/{uuid}{ext}), its size and type read from storage.
 * A signature must decode to a PNG of at most SIGNATURE_MAX_BYTES. Anything else is a 400.
 * Answers the submission with each file answer replaced by those facts, and the facts by key.
 * Without a storage (seeding, benches) no file answer can be proven: any is a 400.
 */
export async function verifiedFileAnswers(storage: UploadStorage | null, tenantId: string, schema: FormSchema, answers: unknown): Promise<{ answers: Record<string, unknown>; files: Record<string, FileInfo[]> }> {
  const given = typeof answers === "object" && answers !== null && !Array.isArray(answers) ? (answers as Record<string, unknown>) : {};
  const facts: Record<string, FileInfo[]> = {};
  for (const field of allFields(schema)) {
    const value = Object.hasOwn(given, field.key) ? given[field.key] : undefined;
    if (isEmptyValue(value)) continue;
    if (field.component === "signature" && typeof value === "string") {
      const base64 = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/.exec(value)?.[1];
      const bytes = base64 ? Buffer.from(base64, "base64") : null;
      if (!bytes || bytes.length > SIGNATURE_MAX_BYTES || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw appError("BAD_REQUEST", FORM_FILE_MESSAGES.signature, { field: field.key });
      continue;
    }
    if (field.component !== "file-upload") continue;
    const entries = Array.isArray(value) ? value : [value];
    const stored: FileInfo[] = [];
    for (const entry of entries) {
      const url = typeof entry === "object" && entry !== null ? (entry as { url?: unknown }).url : undefined;
      const name = typeof entry === "object" && entry !== null ? (entry as { name?: unknown }).name : undefined;
      const found = storage && typeof url === "string" ? await storedFormFile(storage, tenantId, url) : null;
      if (!found || typeof name !== "string") throw appError("BAD_REQUEST", FORM_FILE_MESSAGES.fileNotFound, { field: field.key });
      stored.push({ name, size: found.size, type: found.type, url: url as string });
    }
    facts[field.key] = stored;
  }
  return { answers: { ...given, ...facts }, files: facts };
}
