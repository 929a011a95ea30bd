import { expect, type Page } from "@playwright/test";
import { trpcMutation, trpcQuery } from "./catalog-helpers";
import { bareUrl, browserFetch, uniqueSuffix } from "./helpers-extra";
import { signIn } from "./support";

/**
 * A business of its own for the fiscal flows (DGII files, the books): registered with RNC
 * 1-31-24679-6 so nothing else sells in its month, signed in as its owner, with its own B01, B02
 * and B04 ranges (a new business starts with none).
 */
export async function registerFiscalBusiness(page: Page, label: string) {
  const id = uniqueSuffix();
  const slug = label.toLowerCase().replace(/[^a-z]/g, "");
  const b = { businessName: `Colmado ${label} ${id}`, subdomain: `${slug}${id}`, ownerName: `Dueña ${id}`, email: `${slug}.${id}@example.do`, password: "prueba2026" };
  await page.goto(bareUrl("/auth/register?trial=true"));
  const res = await browserFetch(page, "/api/trpc/onboarding.register", { method: "POST", body: { json: { ...b, taxId: "131246796", product: "pos" } } });
  expect(res.status, res.body).toBe(200);
  await signIn(page, b.email, b.password, b.subdomain);
  return b;
}

/** Today in Santo Domingo, YYYY-MM-DD. */
export const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Santo_Domingo" });

/** Authorizes B01, B02 and B04 ranges (1–500, to the end of next year); answers the NCF types. */
export async function issueNcfRanges(page: Page) {
  const types = await trpcQuery<{ id: string; code: string }[]>(page, "ncf.getAllTypes");
  for (const code of ["B01", "B02", "B04"]) {
    await trpcMutation(page, "ncfRange.create", { ncfTypeId: types.find((x) => x.code === code)!.id, rangeFrom: 1, rangeTo: 500, expiresOn: `${Number(today().slice(0, 4)) + 1}-12-31` });
  }
  return types;
}
