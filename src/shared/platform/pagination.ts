import { z } from "zod";
import { wholeNumber } from "./whole-number";

/** The list input every paginated procedure accepts: {search, page, pageSize}. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The highest page a list takes (an OFFSET beyond it means nothing to a person, and 2^31 overflows). */
export const MAX_PAGE = 100_000;
/** A page number: a whole number from 1 to MAX_PAGE. */
export const pageNumber = () => wholeNumber(1, MAX_PAGE);

export const listInput = z.object({
  search: z.string().trim().max(200).optional().default(""),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 200).optional().default(20),
});
export type ListInput = z.infer<typeof listInput>;

export interface Pagination {
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  /**
   * True when the total was counted only up to a cap: COUNT_CAP when browsing a whole catalogue,
   * SEARCH_COUNT_CAP (or the end of the page) on a search page. The list then says 'more than {total}'.
   */
  capped?: boolean;
}

/** Lists of a whole catalogue count their rows only up to this many. */
export const COUNT_CAP = 10_000;

/** Search pages count their matches only up to this many: past it the list says 'más de 50'. */
export const SEARCH_COUNT_CAP = 50;

/**
 * How many matches a search page counts: one past SEARCH_COUNT_CAP, or one past the end of this
 * page when that is further (so whether another page follows is known).
 */
export function searchCountLimit(page: number, pageSize: number): number {
  return Math.max(SEARCH_COUNT_CAP, page * pageSize) + 1;
}

/** The total of a search counted up to `limit` (searchCountLimit): exact below it, else 'more than limit − 1'. */
export function searchTotal(counted: number, limit: number): { total: number; capped: boolean } {
  return counted < limit ? { total: counted, capped: false } : { total: limit - 1, capped: true };
}

/** A search page whose matches were counted up to searchCountLimit(page, pageSize). */
export function searchPageOf<T>(data: T[], counted: number, page: number, pageSize: number): Page<T> {
  const limit = searchCountLimit(page, pageSize);
  const { total, capped } = searchTotal(counted, limit);
  if (!capped) return pageOf(data, total, page, pageSize);
  return { data, pagination: { page, pageSize, total, capped, pageCount: Math.max(page + 1, Math.ceil(limit / pageSize)) } };
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

export function pageOf<T>(data: T[], total: number, page: number, pageSize: number): Page<T> {
  const pagination: Pagination = { page, pageSize, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
  if (total > COUNT_CAP) Object.assign(pagination, { total: COUNT_CAP, capped: true, pageCount: Math.max(page + 1, Math.ceil(COUNT_CAP / pageSize)) });
  return { data, pagination };
}

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** 'a-b de N elementos' / 'Sin elementos' (the caller translates the words). */
export function rangeOf(p: Pagination): { from: number; to: number; total: number } {
  if (p.total === 0) return { from: 0, to: 0, total: 0 };
  const from = (p.page - 1) * p.pageSize + 1;
  return { from, to: Math.min(p.total, p.page * p.pageSize), total: p.total };
}

/** Escapes % and _ for a LIKE/ILIKE pattern. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Text as the search columns keep it: lower case without accents ('José Peña' → 'jose pena'), so
 * a cashier typing without accents finds accented names. The generated search_text columns fold
 * the same letters with translate().
 */
export function searchKey(text: string): string {
  return text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
}

/** The letters the search_text columns fold (PostgreSQL translate(), after lower()). */
export const SEARCH_FOLD_FROM = "áàâäéèêëíìîïóòôöúùûüñç";
export const SEARCH_FOLD_TO = "aaaaeeeeiiiioooouuuunc";
