import type { BlogPostCard } from "../../../shared/storefront/types";
import { type SiteLang, useSiteT } from "../../public-site/i18n";
import { Pagination } from "./pagination";
import { paragraphs } from "./product-page";
import { PageHeader } from "./shop-layout";
import { postHref, shopHref } from "./urls";

/** A post's date, long form in the page's language, in the shop's time zone. */
export function postDate(iso: string | null, lang: SiteLang): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es-DO", { dateStyle: "long", timeZone: "America/Santo_Domingo" }).format(new Date(iso));
}

/** Published posts, newest first, in pages. */
export function BlogListPage({ posts, page, pages }: { posts: BlogPostCard[]; page: number; pages: number }) {
  const { t, lang } = useSiteT();
  return (
    <>
      <PageHeader title={t("storefront:blog.title")} />
      <div className="mx-auto max-w-6xl px-4 pt-4">
        {posts.length === 0 ? (
          <p className="rounded-lg border border-dashed border-gray-300 p-8 text-center text-gray-600">{t("storefront:blog.empty")}</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, i) => (
              <li key={post.id} className="flex flex-col overflow-hidden rounded-lg border border-gray-200">
                {post.featured_image ? <img src={post.featured_image} alt="" loading={i < 2 ? "eager" : "lazy"} width={800} height={450} className="aspect-video w-full object-cover" /> : null}
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <h2 className="text-lg font-semibold text-gray-900">
                    <a href={postHref(post.slug)} className="hover:underline">
                      {post.title}
                    </a>
                  </h2>
                  <p className="text-xs text-gray-500">
                    <time dateTime={post.published_at ?? undefined}>{postDate(post.published_at, lang)}</time>
                    {post.author_name ? ` · ${t("storefront:blog.by", { author: post.author_name })}` : ""}
                  </p>
                  {post.excerpt ? <p className="line-clamp-3 text-sm text-gray-700">{post.excerpt}</p> : null}
                  <a href={postHref(post.slug)} className="mt-auto text-sm font-medium text-[var(--shop-primary)] underline" aria-label={`${t("storefront:blog.readMore")}: ${post.title}`}>
                    {t("storefront:blog.readMore")}
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pages={pages} href={(n) => shopHref("/shop/blog", { page: n === 1 ? "" : n })} />
      </div>
    </>
  );
}

/** One post: title, date, author, picture and its paragraphs. */
export function BlogPostPage({ post }: { post: BlogPostCard & { content: string } }) {
  const { t, lang } = useSiteT();
  return (
    <article className="mx-auto max-w-3xl px-4 pt-6">
      <a href="/shop/blog" className="text-sm text-[var(--shop-primary)] underline">
        {t("storefront:blog.back")}
      </a>
      <h1 className="mt-3 text-3xl font-bold text-gray-900">{post.title}</h1>
      <p className="mt-2 text-sm text-gray-500">
        <time dateTime={post.published_at ?? undefined}>{postDate(post.published_at, lang)}</time>
        {post.author_name ? ` · ${t("storefront:blog.by", { author: post.author_name })}` : ""}
      </p>
      {post.featured_image ? <img src={post.featured_image} alt="" width={1200} height={675} className="mt-6 aspect-video w-full rounded-lg object-cover" /> : null}
      <div className="mt-6 space-y-4 text-gray-800">
        {paragraphs(post.content).map((para, i) => (
          <p key={i}>{para}</p>
        ))}
      </div>
    </article>
  );
}
