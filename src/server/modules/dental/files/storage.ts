import { dentalFileName } from "../../../../shared/dental/files";
import { extensionOf } from "../../../../shared/platform/uploads";
import { contentTypeOf, PRIVATE_PREFIX, type UploadStorage } from "../../upload/storage";

/**
 * Dental files are private to the tenant and kept under their own prefix,
 * private/{tenantId}/dental/{uuid}{ext}: the general GET /api/files/{name} never reaches them, so
 * only GET /api/dental/files/{name} (with its right and confidentiality checks) serves them.
 */
export function dentalStorageKey(tenantId: string, name: string): string {
  return `${PRIVATE_PREFIX}/${tenantId}/dental/${name}`;
}

/**
 * The stored facts of a dental file url of the tenant (size in bytes, type by extension), or null
 * when the url is not a dental file url or nothing is stored under it. Other areas (clinical
 * record attachments) call this to prove an attachment is one of the tenant's uploads.
 */
export async function storedDentalFile(storage: UploadStorage, tenantId: string, url: string): Promise<{ name: string; size: number; type: string } | null> {
  const name = dentalFileName(url);
  if (!name) return null;
  const size = await storage.size(dentalStorageKey(tenantId, name));
  return size === null ? null : { name, size, type: contentTypeOf(extensionOf(name)) };
}
