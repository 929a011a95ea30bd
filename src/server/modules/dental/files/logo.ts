import { eq } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { appointmentPortals } from "../../appointment/tables";
import { bytesMatchExtension } from "../../upload/content";
import type { UploadStorage } from "../../upload/storage";

/**
 * The practice's logo for its printed documents, as a data URL pdfmake draws (it loads nothing
 * from the network): the logo the tenant uploaded for its booking portal, when it is a PNG or JPEG
 * stored among the tenant's own uploads ({tenantId}/{uuid}{ext}). Null when there is none or it
 * cannot be read (the document prints without it).
 */
export async function practiceLogo(tx: Tx, storage: UploadStorage, tenantId: string): Promise<string | null> {
  const [portal] = await tx.select({ logoUrl: appointmentPortals.logoUrl }).from(appointmentPortals).where(eq(appointmentPortals.tenantId, tenantId)).limit(1);
  const match = portal?.logoUrl ? /([0-9a-f-]{36})\/([0-9a-f-]{36}\.(png|jpe?g))$/i.exec(portal.logoUrl) : null;
  if (!match || match[1]!.toLowerCase() !== tenantId) return null;
  const ext = `.${match[3]!.toLowerCase()}`;
  try {
    const bytes = await storage.get(`${tenantId}/${match[2]!.toLowerCase()}`);
    if (!bytes || bytes.length > 2 * 1024 * 1024 || !bytesMatchExtension(ext === ".jpeg" ? ".jpg" : ext, bytes)) return null;
    return `data:${ext === ".png" ? "image/png" : "image/jpeg"};base64,${bytes.toString("base64")}`;
  } catch {
    return null;
  }
}
