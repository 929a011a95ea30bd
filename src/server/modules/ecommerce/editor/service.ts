import { and, eq } from "drizzle-orm";
import { STORE_PAGES, type StorePage } from "../../../../shared/storefront/constants";
import { type PageSection, readPageSections, sectionDataNeeds } from "../../../../shared/storefront/sections";
import type { SectionData } from "../../../../shared/storefront/types";
import { sanitizeCustomHtml } from "../../../../web/storefront/sections/sanitize";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { getOrCreateStore } from "../access";
import { loadSectionData } from "../shop/section-data";
import { storePages, stores } from "../tables";

/**
 * The section editor's data (spec 03 'Storefront sections'): the store's three pages, each with a
 * draft (what the editor saves) and a published copy (what visitors see, set by publish).
 */

export interface EditorPage {
  page: StorePage;
  draftSections: PageSection[];
  publishedSections: PageSection[] | null;
  publishedAt: Date | null;
  updatedAt: Date | null;
  /** the draft differs from what visitors see (or the page was never published) */
  hasUnpublishedChanges: boolean;
}

export interface EditorPages {
  store: { id: string; storeName: string; isPublished: boolean; publishedAt: Date | null };
  pages: EditorPage[];
}

/** Custom HTML as it is stored: cleaned of scripts, handlers and javascript: links. */
export function sanitizeSections(sections: PageSection[]): PageSection[] {
  return sections.map((s) => (s.type === "custom_html" ? { ...s, settings: { ...s.settings, html: sanitizeCustomHtml(s.settings.html) } } : s));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function getStorePages(tx: Tx, tenantId: string): Promise<EditorPages> {
  const store = await getOrCreateStore(tx, tenantId);
  const rows = await tx.select().from(storePages).where(and(eq(storePages.tenantId, tenantId), eq(storePages.storeId, store.id)));
  const pages = STORE_PAGES.map((page): EditorPage => {
    const row = rows.find((r) => r.page === page);
    const draftSections = readPageSections(row?.draftSections ?? []);
    const publishedSections = row?.publishedSections == null ? null : readPageSections(row.publishedSections);
    return {
      page,
      draftSections,
      publishedSections,
      publishedAt: row?.publishedAt ?? null,
      updatedAt: row?.updatedAt ?? null,
      hasUnpublishedChanges: publishedSections === null ? draftSections.length > 0 : !same(draftSections, publishedSections),
    };
  });
  return { store: { id: store.id, storeName: store.storeName, isPublished: store.isPublished, publishedAt: store.publishedAt }, pages };
}

export async function saveStorePage(tx: Tx, tenantId: string, userId: string, input: { page: StorePage; sections: PageSection[] }): Promise<EditorPage> {
  const store = await getOrCreateStore(tx, tenantId);
  const sections = sanitizeSections(input.sections);
  const now = new Date();
  await tx
    .insert(storePages)
    .values({ tenantId, id: newId(), storeId: store.id, page: input.page, draftSections: sections, updatedBy: userId })
    .onConflictDoUpdate({ target: [storePages.tenantId, storePages.storeId, storePages.page], set: { draftSections: sections, updatedBy: userId, updatedAt: now } });
  const result = await getStorePages(tx, tenantId);
  return result.pages.find((p) => p.page === input.page)!;
}

/** Copies every page's draft to what visitors see and opens the shop; records who and when. */
export async function publishStore(tx: Tx, tenantId: string, userId: string): Promise<EditorPages> {
  const store = await getOrCreateStore(tx, tenantId);
  const now = new Date();
  const rows = await tx.select().from(storePages).where(and(eq(storePages.tenantId, tenantId), eq(storePages.storeId, store.id)));
  for (const row of rows) {
    const sections = sanitizeSections(readPageSections(row.draftSections));
    await tx
      .update(storePages)
      .set({ publishedSections: sections, publishedAt: now, publishedBy: userId, updatedAt: now })
      .where(and(eq(storePages.tenantId, tenantId), eq(storePages.id, row.id)));
  }
  await tx.update(stores).set({ isPublished: true, publishedAt: now, updatedAt: now }).where(and(eq(stores.tenantId, tenantId), eq(stores.id, store.id)));
  return getStorePages(tx, tenantId);
}

/** Closes the shop to visitors (its pages keep their published copies for the next publish). */
export async function unpublishStore(tx: Tx, tenantId: string): Promise<EditorPages> {
  const store = await getOrCreateStore(tx, tenantId);
  await tx.update(stores).set({ isPublished: false, updatedAt: new Date() }).where(and(eq(stores.tenantId, tenantId), eq(stores.id, store.id)));
  return getStorePages(tx, tenantId);
}

/**
 * The data the preview's sections show (A's loadSectionData), and the sections as the shop would
 * render them (invalid ones left out, custom HTML sanitized), so the preview never runs unsaved markup.
 */
export async function getEditorPreviewData(tx: Tx, tenantId: string, rawSections: unknown[]): Promise<{ data: SectionData; sections: PageSection[] }> {
  const sections = sanitizeSections(readPageSections(rawSections));
  const data = await loadSectionData(tx, tenantId, sectionDataNeeds(sections));
  return { data, sections };
}
