import { z } from "zod";
import { money } from "../catalog/decimal";
import { isStorableText } from "../platform/text";
import { MEDIA_CATEGORIES, STORE_IMAGE_MAX_BYTES, STORE_IMAGE_TYPES } from "./constants";

/**
 * The storefront's content (spec 03 'Storefront' entities: media library image, contact message,
 * blog post, store, testimonial): one set of schemas for the back-office forms, the shop's contact
 * form and the server. Messages are i18n keys of storefrontContent.
 */

export const CONTENT_MESSAGES = {
  required: "storefrontContent:validation.required",
  tooLong: "storefrontContent:validation.tooLong",
  invalidText: "storefrontContent:validation.invalidText",
  invalidEmail: "storefrontContent:validation.invalidEmail",
  invalidUrl: "storefrontContent:validation.invalidUrl",
  invalidSlug: "storefrontContent:validation.invalidSlug",
  invalidColor: "storefrontContent:validation.invalidColor",
  invalidRating: "storefrontContent:validation.invalidRating",
  invalidAmount: "storefrontContent:validation.invalidAmount",
  invalidDate: "storefrontContent:validation.invalidDate",
  invalidImageType: "storefrontContent:validation.invalidImageType",
  imageTooLarge: "storefrontContent:validation.imageTooLarge",
  tooManyTestimonials: "storefrontContent:validation.tooManyTestimonials",
} as const;
const M = CONTENT_MESSAGES;

/** Text PostgreSQL can store, trimmed, at most `max` characters ('' allowed). */
const text = (max: number) => z.string({ error: M.invalidText }).trim().max(max, M.tooLong).refine(isStorableText, M.invalidText);
const requiredText = (max: number) => text(max).min(1, M.required);
/** '' and null are "no value" (stored as null). */
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** The same e-mail rule the shop's contact form checks by hand (no zod in the island). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (v: string) => v.length <= 200 && EMAIL_PATTERN.test(v);

const email = text(200).refine((v) => v === "" || isEmail(v), M.invalidEmail);
const optionalEmail = email.nullish().transform((v) => (v ? v.toLowerCase() : null));

/** An image address: http(s) anywhere, or a file of this app's uploads (/uploads/…). */
export function isImageUrl(value: string): boolean {
  if (value.startsWith("/uploads/")) return !value.includes("..") && !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
  } catch {
    return false;
  }
}
const imageUrl = text(2000).refine((v) => v === "" || isImageUrl(v), M.invalidUrl);
const optionalImageUrl = imageUrl.nullish().transform((v) => (v ? v : null));

/** Contact form limits (the island checks the same numbers). */
export const CONTACT_LIMITS = { name: 120, email: 200, phone: 40, subject: 200, message: 5000 } as const;

/** storePages.submitContactForm: name, email, subject and message required; email format; phone optional. */
export const contactFormInput = z.object({
  store_id: z.uuid(M.required),
  name: requiredText(CONTACT_LIMITS.name),
  email: requiredText(CONTACT_LIMITS.email).refine(isEmail, M.invalidEmail),
  phone: optionalText(CONTACT_LIMITS.phone),
  subject: requiredText(CONTACT_LIMITS.subject),
  message: requiredText(CONTACT_LIMITS.message),
});
export type ContactFormInput = z.input<typeof contactFormInput>;

export const contactMessagesInput = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  unreadOnly: z.boolean().default(false),
});

/** Media library (the background image dialog). */
export const MEDIA_MIME_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const mediaCategory = z.enum(MEDIA_CATEGORIES);

export const mediaLibraryInput = z.object({ category: mediaCategory.default("background") });

/** Whether a file name has one of the accepted image extensions (png, jpg, jpeg, gif, webp). */
export function isAcceptedImageName(name: string): boolean {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  return name.includes(".") && (STORE_IMAGE_TYPES as readonly string[]).includes(ext);
}

export const saveToMediaLibraryInput = z.object({
  url: requiredText(2000).refine(isImageUrl, M.invalidUrl),
  thumbnailUrl: optionalImageUrl,
  filename: requiredText(255),
  fileSize: z.number({ error: M.invalidAmount }).int(M.invalidAmount).min(0, M.invalidAmount).max(STORE_IMAGE_MAX_BYTES, M.imageTooLarge).default(0),
  mimeType: text(100).refine((v) => v === "" || (MEDIA_MIME_TYPES as readonly string[]).includes(v) || v.startsWith("image/"), M.invalidImageType).default("image/*"),
  category: mediaCategory.default("background"),
  metadata: z
    .object({
      width: z.number().int().min(0).max(100_000).optional(),
      height: z.number().int().min(0).max(100_000).optional(),
      uploadedAt: z.string().max(40).optional(),
      isExternal: z.boolean().optional(),
    })
    .default({}),
});
export type SaveToMediaLibraryInput = z.input<typeof saveToMediaLibraryInput>;

export const idInput = z.object({ id: z.uuid(M.required) });

export interface MediaLibraryImage {
  id: string;
  url: string;
  thumbnail_url: string | null;
  filename: string;
  fileSize: number;
  mimeType: string;
  category: string;
  metadata: { width?: number; height?: number; uploadedAt?: string; isExternal?: boolean };
  created_at: string;
}

/** Blog posts. */
export const BLOG_STATUSES = ["draft", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const BLOG_LIMITS = { title: 200, slug: 120, excerpt: 500, author: 120, content: 50_000 } as const;

/** A slug from a title: lowercase a-z0-9 and dashes, accents dropped ('Café & Té' -> 'cafe-te'). */
export function slugify(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, BLOG_LIMITS.slug)
    .replace(/-+$/g, "");
}

const isoDate = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), M.invalidDate);

export const saveBlogPostInput = z.object({
  id: z.uuid().optional(),
  title: requiredText(BLOG_LIMITS.title),
  slug: text(BLOG_LIMITS.slug)
    .refine((v) => v === "" || SLUG_PATTERN.test(v), M.invalidSlug)
    .optional(),
  excerpt: optionalText(BLOG_LIMITS.excerpt),
  content: text(BLOG_LIMITS.content).default(""),
  featured_image: optionalImageUrl,
  author_name: optionalText(BLOG_LIMITS.author),
  published_at: isoDate.nullish(),
  status: z.enum(BLOG_STATUSES).default("draft"),
});
export type SaveBlogPostInput = z.input<typeof saveBlogPostInput>;

export const setBlogPostStatusInput = z.object({ id: z.uuid(), status: z.enum(BLOG_STATUSES), published_at: isoDate.nullish() });

export const findBlogPostsInput = z.object({
  status: z.enum(BLOG_STATUSES).optional(),
  search: text(100).default(""),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export interface BlogPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  featured_image: string | null;
  author_name: string | null;
  status: BlogStatus;
  published_at: string | null;
  updated_at: string;
}

/** Store settings. */
export const MAX_TESTIMONIALS = 20;
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const testimonialSchema = z.object({
  id: z.string().trim().min(1).max(64),
  name: requiredText(120),
  rating: z.number({ error: M.invalidRating }).int(M.invalidRating).min(1, M.invalidRating).max(5, M.invalidRating),
  text: requiredText(1000),
});

export const updateStoreSettingsInput = z.object({
  store_name: requiredText(120),
  description: optionalText(1000),
  email: optionalEmail,
  phone: optionalText(40),
  address: optionalText(300),
  notify_email: optionalEmail,
  primary_color: z
    .string()
    .trim()
    .refine((v) => v === "" || COLOR_PATTERN.test(v), M.invalidColor)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  testimonials: z.array(testimonialSchema).max(MAX_TESTIMONIALS, M.tooManyTestimonials).default([]),
  allow_delivery: z.boolean(),
  allow_pickup: z.boolean(),
  delivery_fee: money(M.invalidAmount),
  warehouse_id: z.uuid().nullish(),
});
export type UpdateStoreSettingsInput = z.input<typeof updateStoreSettingsInput>;

export interface StoreSettings {
  id: string;
  store_name: string;
  description: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  notify_email: string | null;
  primary_color: string | null;
  testimonials: { id: string; name: string; rating: number; text: string }[];
  allow_delivery: boolean;
  allow_pickup: boolean;
  delivery_fee: string;
  warehouse_id: string | null;
  is_published: boolean;
  published_at: string | null;
  warehouses: { id: string; name: string; is_default: boolean }[];
}
