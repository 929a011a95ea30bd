import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../../db/client";

/** The business as customers see it (appointment_business_profiles), with the tenant's own name, phone, e-mail and address where the profile leaves them blank. */
export interface BusinessProfile {
  display_name: string;
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  address: string | null;
  city: string | null;
  website: string | null;
  about: string | null;
  /** 7 entries, index 0 = Sunday */
  opening_hours: { closed: boolean; open: string; close: string }[];
}

export async function readBusinessProfile(tx: Tx, tenantId: string): Promise<BusinessProfile> {
  const [row] = rowsOf<BusinessProfile>(
    await tx.execute(sql`SELECT coalesce(nullif(b.display_name, ''), t.name) AS display_name, coalesce(b.phone, t.phone) AS phone, b.whatsapp, coalesce(b.email, t.email) AS email,
        coalesce(b.address, t.address) AS address, b.city, b.website, b.about, coalesce(b.opening_hours, '[]'::jsonb) AS opening_hours
      FROM tenants t LEFT JOIN appointment_business_profiles b ON b.tenant_id = t.id WHERE t.id = ${tenantId}`),
  );
  return row!;
}
