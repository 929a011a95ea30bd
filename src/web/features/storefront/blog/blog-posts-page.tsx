import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, FileText, Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BLOG_STATUSES, type BlogPost } from "../../../../shared/storefront/content";
import { useTRPC } from "../../../app/trpc";
import { EmptyTableRow, ListFilter, ListHeader, ListSearch, NewLink } from "../../../components/list-page";
import { PaginationBar } from "../../../components/pagination";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { useListParams } from "../../../lib/use-list-params";

/** /home/storefront/blog: the shop's posts (drafts and published), newest edit first. */
const LIST = { pageSize: 20, debounceMs: 300 };

export function BlogPostsPage() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const canEdit = can("storefront.update");
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const status = (BLOG_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as BlogPost["status"]) : null;
  const list = useQuery(trpc.ecommerce.findBlogPosts.queryOptions({ search, status: status ?? undefined, page, pageSize }));
  const refresh = () => qc.invalidateQueries(trpc.ecommerce.findBlogPosts.pathFilter());
  const onError = (err: { message: string }) => toast({ variant: "destructive", title: t("storefrontContent:blog.saveFailed"), description: err.message });
  const setPostStatus = useMutation(
    trpc.ecommerce.setBlogPostStatus.mutationOptions({
      onSuccess: (post) => {
        toast({ variant: "success", title: t(post.status === "published" ? "storefrontContent:blog.published" : "storefrontContent:blog.unpublished") });
        return refresh();
      },
      onError,
    }),
  );
  const remove = useMutation(
    trpc.ecommerce.deleteBlogPost.mutationOptions({
      onSuccess: () => {
        toast({ variant: "success", title: t("storefrontContent:blog.deleted") });
        return refresh();
      },
      onError,
    }),
  );
  const posts = list.data?.data ?? [];

  return (
    <div className="grid gap-4">
      <ListHeader title={t("storefrontContent:blog.title")} subtitle={t("storefrontContent:blog.description")}>
        {canEdit ? <NewLink to="/home/storefront/blog/new" label={t("storefrontContent:blog.new")} testId="new-blog-post" /> : null}
      </ListHeader>
      <div className="flex flex-wrap items-end gap-3">
        <ListSearch
          label={t("storefrontContent:blog.search")}
          value={text}
          onValueChange={setText}
        />
        <ListFilter
          id="blog-status"
          label={t("storefrontContent:blog.columns.status")}
          allLabel={t("storefrontContent:blog.all")}
          value={status}
          options={BLOG_STATUSES.map((s) => ({ value: s, label: t(`storefrontContent:blog.status.${s}`) }))}
          onValueChange={(v) => update({ status: v, page: null })}
        />
      </div>
      <Table stack aria-label={t("storefrontContent:blog.title")} data-testid="blog-posts">
        <THead>
          <TR>
            <TH>{t("storefrontContent:blog.columns.title")}</TH>
            <TH>{t("storefrontContent:blog.columns.status")}</TH>
            <TH>{t("storefrontContent:blog.columns.publishedAt")}</TH>
            <TH>
              <span className="sr-only">{t("storefrontContent:blog.columns.actions")}</span>
            </TH>
          </TR>
        </THead>
        <TBody>
          {list.isLoading ? <SkeletonRows rows={5} cols={4} /> : null}
          {!list.isLoading && posts.length === 0 ? <EmptyTableRow cols={4} icon={FileText} title={t("storefrontContent:blog.title")} hint={t("storefrontContent:blog.empty")} testId="blog-empty" /> : null}
          {posts.map((p) => (
            <TR key={p.id} data-testid="blog-post-row">
              <TD stack="primary">
                <Link to={`/home/storefront/blog/${p.id}`} className="font-medium hover:underline">
                  {p.title}
                </Link>
                <span className="block text-xs text-muted-foreground">/shop/blog/{p.slug}</span>
              </TD>
              <TD label={t("storefrontContent:blog.columns.status")}>
                <Badge variant={p.status === "published" ? "success" : "secondary"}>{t(`storefrontContent:blog.status.${p.status}`)}</Badge>
              </TD>
              <TD label={t("storefrontContent:blog.columns.publishedAt")} className="tabular-nums">
                {p.published_at ? formatDate(p.published_at, i18n.language) : "—"}
              </TD>
              <TD className="text-right">
                <div className="flex flex-wrap justify-end gap-1">
                  {p.status === "published" ? (
                    <Button asChild variant="ghost" size="icon" aria-label={t("storefrontContent:blog.view")} title={t("storefrontContent:blog.view")}>
                      <a href={`/shop/blog/${p.slug}`} target="_blank" rel="noreferrer">
                        <ExternalLink />
                      </a>
                    </Button>
                  ) : null}
                  {canEdit ? (
                    <>
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        disabled={setPostStatus.isPending}
                        onClick={() => setPostStatus.mutate({ id: p.id, status: p.status === "published" ? "draft" : "published" })}
                        data-testid="toggle-blog-status"
                      >
                        {p.status === "published" ? t("storefrontContent:blog.unpublish") : t("storefrontContent:blog.publish")}
                      </Button>
                      <Button asChild variant="ghost" size="icon" aria-label={t("storefrontContent:blog.edit")} title={t("storefrontContent:blog.edit")}>
                        <Link to={`/home/storefront/blog/${p.id}`}>
                          <Pencil />
                        </Link>
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={t("storefrontContent:blog.delete")}
                        title={t("storefrontContent:blog.delete")}
                        onClick={() => {
                          if (window.confirm(t("storefrontContent:blog.confirmDelete", { title: p.title }))) remove.mutate({ id: p.id });
                        }}
                      >
                        <Trash2 />
                      </Button>
                    </>
                  ) : null}
                </div>
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <PaginationBar
        pagination={list.data?.pagination}
        onPage={setPage}
        onPageSize={setPageSize}
      />
    </div>
  );
}
