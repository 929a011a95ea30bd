import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ImageIcon, X } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { BLOG_LIMITS, BLOG_STATUSES, type BlogPost, type BlogStatus } from "../../../../shared/storefront/content";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { SelectBackgroundImageDialog } from "../media/select-background-image-dialog";

interface Form {
  title: string;
  slug: string;
  excerpt: string;
  featured_image: string;
  author_name: string;
  published_at: string;
  content: string;
  status: BlogStatus;
}

/** An ISO instant as the value of a datetime-local input (the browser's local time) and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

const formOf = (p: BlogPost | null): Form => ({
  title: p?.title ?? "",
  slug: p?.slug ?? "",
  excerpt: p?.excerpt ?? "",
  featured_image: p?.featured_image ?? "",
  author_name: p?.author_name ?? "",
  published_at: toLocalInput(p?.published_at ?? null),
  content: p?.content ?? "",
  status: p?.status ?? "draft",
});

/** /home/storefront/blog/new and /home/storefront/blog/:id: write or edit a post. */
export function BlogPostFormPage() {
  const { id } = useParams();
  const trpc = useTRPC();
  const post = useQuery({ ...trpc.ecommerce.getBlogPost.queryOptions({ id: id ?? "" }), enabled: !!id });
  if (id && (post.isLoading || !post.data)) return post.isError ? <p className="text-destructive">{post.error.message}</p> : <Skeleton className="h-96 w-full" />;
  return <PostForm post={post.data ?? null} key={post.data?.id ?? "new"} />;
}

function PostForm({ post }: { post: BlogPost | null }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = React.useState<Form>(() => formOf(post));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [picking, setPicking] = React.useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const save = useMutation(
    trpc.ecommerce.saveBlogPost.mutationOptions({
      onSuccess: async () => {
        toast({ variant: "success", title: t("storefrontContent:blog.saved") });
        await qc.invalidateQueries(trpc.ecommerce.findBlogPosts.pathFilter());
        await qc.invalidateQueries(trpc.ecommerce.getBlogPost.pathFilter());
        await navigate("/home/storefront/blog");
      },
      onError: (err) => {
        setErrors((err.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors ?? {});
        toast({ variant: "destructive", title: t("storefrontContent:blog.saveFailed"), description: err.message });
      },
    }),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.title.trim()) {
      setErrors({ title: t("storefrontContent:validation.required") });
      document.getElementById("post-title")?.focus();
      return;
    }
    save.mutate({
      id: post?.id,
      title: form.title,
      slug: form.slug.trim(),
      excerpt: form.excerpt,
      content: form.content,
      featured_image: form.featured_image.trim() || null,
      author_name: form.author_name,
      published_at: fromLocalInput(form.published_at),
      status: form.status,
    });
  };

  const note = (key: string, hint?: string) =>
    errors[key] || hint ? (
      <p id={`post-${key}-note`} className={errors[key] ? "text-sm text-destructive" : "text-xs text-muted-foreground"}>
        {errors[key] ?? hint}
      </p>
    ) : null;
  const textareaClass = "rounded-[var(--radius-input,0.375rem)] border border-input bg-background px-3 py-2 text-sm";

  return (
    <>
    <form className="grid gap-4" onSubmit={submit} data-testid="blog-post-form">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="ghost" size="icon" aria-label={t("storefrontContent:blog.back")}>
          <Link to="/home/storefront/blog">
            <ArrowLeft />
          </Link>
        </Button>
        <h1 className="text-2xl font-bold">{post ? t("storefrontContent:blog.editTitle") : t("storefrontContent:blog.newTitle")}</h1>
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-5 lg:grid-cols-[2fr_1fr]">
          <div className="grid content-start gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="post-title">
                {t("storefrontContent:blog.fields.title")}
                <span aria-hidden> *</span>
              </Label>
              <Input id="post-title" value={form.title} maxLength={BLOG_LIMITS.title} onChange={(e) => set("title", e.target.value)} required aria-invalid={errors.title ? true : undefined} autoFocus={!post} />
              {note("title")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="post-slug">{t("storefrontContent:blog.fields.slug")}</Label>
              <Input id="post-slug" value={form.slug} maxLength={BLOG_LIMITS.slug} onChange={(e) => set("slug", e.target.value.toLowerCase())} className="font-mono" aria-describedby="post-slug-note" />
              {note("slug", t("storefrontContent:blog.fields.slugHint"))}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="post-excerpt">{t("storefrontContent:blog.fields.excerpt")}</Label>
              <textarea id="post-excerpt" rows={2} maxLength={BLOG_LIMITS.excerpt} value={form.excerpt} onChange={(e) => set("excerpt", e.target.value)} className={textareaClass} />
              {note("excerpt")}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="post-content">{t("storefrontContent:blog.fields.content")}</Label>
              <textarea id="post-content" rows={14} value={form.content} onChange={(e) => set("content", e.target.value)} className={textareaClass} aria-describedby="post-content-note" />
              {note("content", t("storefrontContent:blog.fields.contentHint"))}
            </div>
          </div>
          <div className="grid content-start gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="post-status">{t("storefrontContent:blog.fields.status")}</Label>
              <NativeSelect id="post-status" value={form.status} onChange={(e) => set("status", e.target.value as BlogStatus)}>
                {BLOG_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`storefrontContent:blog.status.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="post-published-at">{t("storefrontContent:blog.fields.publishedAt")}</Label>
              <Input id="post-published-at" type="datetime-local" value={form.published_at} onChange={(e) => set("published_at", e.target.value)} aria-describedby="post-published_at-note" />
              {note("published_at", t("storefrontContent:blog.fields.publishedAtHint"))}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="post-author">{t("storefrontContent:blog.fields.author")}</Label>
              <Input id="post-author" value={form.author_name} maxLength={BLOG_LIMITS.author} onChange={(e) => set("author_name", e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="post-image">{t("storefrontContent:blog.fields.featuredImage")}</Label>
              <Input id="post-image" type="text" inputMode="url" value={form.featured_image} onChange={(e) => set("featured_image", e.target.value)} aria-invalid={errors.featured_image ? true : undefined} data-testid="post-image" />
              {note("featured_image")}
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" onClick={() => setPicking(true)} data-testid="choose-featured-image">
                  <ImageIcon />
                  {t("storefrontContent:blog.fields.chooseImage")}
                </Button>
                {form.featured_image ? (
                  <Button type="button" variant="ghost" onClick={() => set("featured_image", "")}>
                    <X />
                    {t("storefrontContent:blog.fields.removeImage")}
                  </Button>
                ) : null}
              </div>
              {form.featured_image ? <img src={form.featured_image} alt="" className="aspect-video w-full rounded-[var(--radius-card)] border object-cover" data-testid="post-image-preview" /> : null}
            </div>
          </div>
        </CardContent>
      </Card>
      <div className="flex justify-end gap-2">
        <Button asChild variant="outline">
          <Link to="/home/storefront/blog">{t("storefrontContent:blog.cancel")}</Link>
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="save-blog-post">
          {save.isPending ? t("storefrontContent:blog.saving") : t("storefrontContent:blog.save")}
        </Button>
      </div>
    </form>
    <SelectBackgroundImageDialog open={picking} onOpenChange={setPicking} onSelect={(url) => set("featured_image", url)} />
    </>
  );
}
