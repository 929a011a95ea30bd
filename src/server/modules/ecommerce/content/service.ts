import { and, asc, count, desc, eq, ilike, isNull, ne, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { translate } from "../../../../shared/i18n/translate";
import { likePattern, pageOf } from "../../../../shared/platform/pagination";
import type {
  BlogPost,
  ContactFormInput,
  findBlogPostsInput,
  MediaLibraryImage,
  StoreSettings,
  saveBlogPostInput,
  saveToMediaLibraryInput,
  setBlogPostStatusInput,
  updateStoreSettingsInput,
} from "../../../../shared/storefront/content";
import { slugify } from "../../../../shared/storefront/content";
import type { StoreThemeConfig } from "../../../../shared/storefront/types";
import type { Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { appError, isUniqueViolation } from "../../../trpc/errors";
import { users } from "../../auth/tables";
import { escapeHtml, sendMail } from "../../mail/service";
import { warehouses } from "../../warehouse/tables";
import { getOrCreateStore, type StoreRow } from "../access";
import { blogPosts, mediaLibraryImages, storeContactMessages, stores } from "../tables";

/* ---------------------------------------------------------------- media library */

type MediaRow = typeof mediaLibraryImages.$inferSelect;

function mediaOf(row: MediaRow): MediaLibraryImage {
  return {
    id: row.id,
    url: row.url,
    thumbnail_url: row.thumbnailUrl,
    filename: row.filename,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    category: row.category,
    metadata: row.metadata as MediaLibraryImage["metadata"],
    created_at: row.createdAt.toISOString(),
  };
}

/** A /uploads/ address must be a file of this tenant (another tenant's uploads are not ours to list). */
function assertOwnUpload(tenantId: string, url: string | null | undefined) {
  if (url?.startsWith("/uploads/") && !url.startsWith(`/uploads/${tenantId}/`)) throw appError("BAD_REQUEST", "storefrontContent:validation.invalidUrl");
}

export async function getTenantMediaLibrary(tx: Tx, tenantId: string, category: string): Promise<MediaLibraryImage[]> {
  const rows = await tx
    .select()
    .from(mediaLibraryImages)
    .where(and(eq(mediaLibraryImages.tenantId, tenantId), eq(mediaLibraryImages.category, category)))
    .orderBy(desc(mediaLibraryImages.createdAt), desc(mediaLibraryImages.id))
    .limit(500);
  return rows.map(mediaOf);
}

export async function saveToMediaLibrary(tx: Tx, tenantId: string, userId: string, input: z.output<typeof saveToMediaLibraryInput>): Promise<MediaLibraryImage> {
  assertOwnUpload(tenantId, input.url);
  assertOwnUpload(tenantId, input.thumbnailUrl);
  const isExternal = !input.url.startsWith("/uploads/");
  const [row] = await tx
    .insert(mediaLibraryImages)
    .values({
      tenantId,
      id: newId(),
      url: input.url,
      thumbnailUrl: input.thumbnailUrl,
      filename: input.filename,
      fileSize: input.fileSize,
      mimeType: input.mimeType,
      category: input.category,
      metadata: { ...input.metadata, uploadedAt: new Date().toISOString(), isExternal },
      createdBy: userId,
    })
    .returning();
  return mediaOf(row!);
}

/** Removes the library entry (the file itself may still be used by a published section, so it stays). */
export async function deleteMediaLibraryImage(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .delete(mediaLibraryImages)
    .where(and(eq(mediaLibraryImages.tenantId, tenantId), eq(mediaLibraryImages.id, id)))
    .returning({ id: mediaLibraryImages.id });
  if (!row) throw appError("NOT_FOUND", "storefrontContent:media.notFound");
  return { id: row.id };
}

/* ---------------------------------------------------------------- contact messages */

/** Where the shop's mail goes: notify_email, else the store's email, else the owner's. */
export async function shopRecipient(tx: Tx, tenantId: string, store: StoreRow): Promise<string | null> {
  if (store.notifyEmail) return store.notifyEmail;
  if (store.email) return store.email;
  const [owner] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isOwner, true)))
    .limit(1);
  return owner?.email ?? null;
}

export async function submitContactForm(tx: Tx, tenantId: string, store: StoreRow, input: ContactFormInput & { phone: string | null }) {
  const id = newId();
  await tx.insert(storeContactMessages).values({
    tenantId,
    id,
    storeId: store.id,
    name: input.name,
    email: input.email,
    phone: input.phone,
    subject: input.subject,
    message: input.message,
  });
  const to = await shopRecipient(tx, tenantId, store);
  if (to) {
    // The shop's owner reads it in the back office's language (Spanish by default).
    const t = (key: string, vars?: Record<string, unknown>) => translate("es", `storefrontContent:mail.${key}`, vars);
    const lines = [
      t("intro", { store: store.storeName }),
      "",
      `${t("name")}: ${input.name}`,
      `${t("email")}: ${input.email}`,
      ...(input.phone ? [`${t("phone")}: ${input.phone}`] : []),
      `${t("subject")}: ${input.subject}`,
      "",
      input.message,
    ];
    await sendMail(tx, tenantId, {
      to,
      subject: t("subjectLine", { subject: input.subject }),
      text: lines.join("\n"),
      html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : "")).join(""),
      kind: "notification",
    });
  }
  return { success: true as const, id };
}

export async function findContactMessages(tx: Tx, tenantId: string, input: { page: number; pageSize: number; unreadOnly: boolean }) {
  const where = and(eq(storeContactMessages.tenantId, tenantId), input.unreadOnly ? isNull(storeContactMessages.readAt) : undefined);
  const [rows, [total], [unread]] = await Promise.all([
    tx
      .select()
      .from(storeContactMessages)
      .where(where)
      .orderBy(desc(storeContactMessages.createdAt), desc(storeContactMessages.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    tx.select({ n: count() }).from(storeContactMessages).where(where),
    tx
      .select({ n: count() })
      .from(storeContactMessages)
      .where(and(eq(storeContactMessages.tenantId, tenantId), isNull(storeContactMessages.readAt))),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    message: r.message,
    read_at: r.readAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }));
  return { ...pageOf(data, Number(total?.n ?? 0), input.page, input.pageSize), unread: Number(unread?.n ?? 0) };
}

export async function markContactMessageRead(tx: Tx, tenantId: string, id: string) {
  const [found] = await tx
    .select({ readAt: storeContactMessages.readAt })
    .from(storeContactMessages)
    .where(and(eq(storeContactMessages.tenantId, tenantId), eq(storeContactMessages.id, id)));
  if (!found) throw appError("NOT_FOUND", "storefrontContent:messages.notFound");
  const readAt = found.readAt ?? new Date();
  if (!found.readAt) {
    await tx
      .update(storeContactMessages)
      .set({ readAt })
      .where(and(eq(storeContactMessages.tenantId, tenantId), eq(storeContactMessages.id, id)));
  }
  return { id, read_at: readAt.toISOString() };
}

/* ---------------------------------------------------------------- blog */

type BlogRow = typeof blogPosts.$inferSelect;

function postOf(row: BlogRow): BlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featured_image: row.featuredImage,
    author_name: row.authorName,
    status: row.status === "published" ? "published" : "draft",
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findBlogPosts(tx: Tx, tenantId: string, input: z.output<typeof findBlogPostsInput>) {
  const conditions: (SQL | undefined)[] = [eq(blogPosts.tenantId, tenantId)];
  if (input.status) conditions.push(eq(blogPosts.status, input.status));
  if (input.search) {
    const pattern = likePattern(input.search);
    conditions.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.slug, pattern)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.updatedAt), asc(blogPosts.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    tx.select({ n: count() }).from(blogPosts).where(where),
  ]);
  return pageOf(rows.map(postOf), Number(total?.n ?? 0), input.page, input.pageSize);
}

export async function getBlogPost(tx: Tx, tenantId: string, id: string): Promise<BlogPost> {
  const [row] = await tx
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.id, id)));
  if (!row) throw appError("NOT_FOUND", "storefrontContent:blog.notFound");
  return postOf(row);
}

/** A free slug: the wanted one, else with -2, -3… (only when it was generated from the title). */
async function freeSlug(tx: Tx, tenantId: string, base: string, exceptId: string | undefined): Promise<string> {
  const root = base || "post";
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? root : `${root.slice(0, 110)}-${n}`;
    const [taken] = await tx
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.slug, candidate), exceptId ? ne(blogPosts.id, exceptId) : undefined));
    if (!taken) return candidate;
  }
  throw appError("BAD_REQUEST", "storefrontContent:blog.slugTaken");
}

export async function saveBlogPost(tx: Tx, tenantId: string, userId: string, input: z.output<typeof saveBlogPostInput>): Promise<BlogPost> {
  assertOwnUpload(tenantId, input.featured_image);
  if (input.id) await getBlogPost(tx, tenantId, input.id);
  let slug = input.slug ?? "";
  if (slug) {
    const [taken] = await tx
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.slug, slug), input.id ? ne(blogPosts.id, input.id) : undefined));
    if (taken) throw appError("BAD_REQUEST", "storefrontContent:blog.slugTaken");
  } else {
    slug = await freeSlug(tx, tenantId, slugify(input.title), input.id);
  }
  const publishedAt = input.published_at ? new Date(input.published_at) : input.status === "published" ? new Date() : null;
  const values = {
    title: input.title,
    slug,
    excerpt: input.excerpt,
    content: input.content,
    featuredImage: input.featured_image,
    authorName: input.author_name,
    status: input.status,
    publishedAt,
  };
  try {
    const [row] = input.id
      ? await tx
          .update(blogPosts)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.id, input.id)))
          .returning()
      : await tx
          .insert(blogPosts)
          .values({ tenantId, id: newId(), ...values, createdBy: userId })
          .returning();
    return postOf(row!);
  } catch (e) {
    if (isUniqueViolation(e)) throw appError("BAD_REQUEST", "storefrontContent:blog.slugTaken");
    throw e;
  }
}

/** Publishing sets the publish date to now unless one is given or the post already has one. */
export async function setBlogPostStatus(tx: Tx, tenantId: string, input: z.output<typeof setBlogPostStatusInput>): Promise<BlogPost> {
  const current = await getBlogPost(tx, tenantId, input.id);
  const publishedAt = input.published_at ? new Date(input.published_at) : current.published_at ? new Date(current.published_at) : input.status === "published" ? new Date() : null;
  const [row] = await tx
    .update(blogPosts)
    .set({ status: input.status, publishedAt, updatedAt: new Date() })
    .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.id, input.id)))
    .returning();
  return postOf(row!);
}

/** Posts are content, not business documents: delete removes the post for good. */
export async function deleteBlogPost(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .delete(blogPosts)
    .where(and(eq(blogPosts.tenantId, tenantId), eq(blogPosts.id, id)))
    .returning({ id: blogPosts.id });
  if (!row) throw appError("NOT_FOUND", "storefrontContent:blog.notFound");
  return { id: row.id };
}

/* ---------------------------------------------------------------- store settings */

export async function getStoreSettings(tx: Tx, tenantId: string): Promise<StoreSettings> {
  const store = await getOrCreateStore(tx, tenantId);
  const list = await tx
    .select({ id: warehouses.id, name: warehouses.name, is_default: warehouses.isDefault })
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.isActive, true)))
    .orderBy(asc(warehouses.order), asc(warehouses.name));
  const theme = (store.themeConfig ?? { testimonials: [] }) as StoreThemeConfig;
  return {
    id: store.id,
    store_name: store.storeName,
    description: store.description,
    email: store.email,
    phone: store.phone,
    address: store.address,
    notify_email: store.notifyEmail,
    primary_color: theme.primaryColor ?? null,
    testimonials: theme.testimonials ?? [],
    allow_delivery: store.allowDelivery,
    allow_pickup: store.allowPickup,
    delivery_fee: store.deliveryFee,
    warehouse_id: store.warehouseId,
    is_published: store.isPublished,
    published_at: store.publishedAt?.toISOString() ?? null,
    warehouses: list,
  };
}

export async function updateStoreSettings(tx: Tx, tenantId: string, input: z.output<typeof updateStoreSettingsInput>): Promise<StoreSettings> {
  const store = await getOrCreateStore(tx, tenantId);
  if (!input.allow_delivery && !input.allow_pickup) throw appError("BAD_REQUEST", "storefrontContent:settings.needFulfillment");
  if (input.warehouse_id) {
    const [found] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, input.warehouse_id), eq(warehouses.isActive, true)));
    if (!found) throw appError("NOT_FOUND", "storefrontContent:settings.warehouseNotFound");
  }
  const ids = new Set(input.testimonials.map((x) => x.id));
  if (ids.size !== input.testimonials.length) throw appError("BAD_REQUEST", "storefrontContent:settings.duplicateTestimonial");
  const previous = (store.themeConfig ?? {}) as StoreThemeConfig & Record<string, unknown>;
  const themeConfig: StoreThemeConfig = { ...previous, testimonials: input.testimonials };
  if (input.primary_color) themeConfig.primaryColor = input.primary_color;
  else delete themeConfig.primaryColor;
  await tx
    .update(stores)
    .set({
      storeName: input.store_name,
      description: input.description,
      email: input.email,
      phone: input.phone,
      address: input.address,
      notifyEmail: input.notify_email,
      themeConfig,
      allowDelivery: input.allow_delivery,
      allowPickup: input.allow_pickup,
      deliveryFee: input.delivery_fee,
      warehouseId: input.warehouse_id ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, store.id)));
  return getStoreSettings(tx, tenantId);
}
