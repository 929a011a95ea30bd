import { useMutation, useQuery } from "@tanstack/react-query";
import { Lock, SearchX } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useTRPC } from "../../../app/trpc";
import { LanguageSelector } from "../../../components/language-selector";
import { Button } from "../../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { FormRenderer } from "../renderer/form-renderer";

/**
 * /f/:slug (issue 17 §3): a published public form of the host's tenant, without sign-in and
 * without the app shell. Spanish by default with an es/en switch; the business's name (and
 * logo) on top when the form asks for it; the closed message when the form is full; a clear
 * page when the link leads nowhere.
 */
export function PublicFormPage() {
  const { slug = "" } = useParams();
  const { t } = useTranslation();
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.publicForm.get.queryOptions({ slug }, { enabled: !!slug }), retry: false, meta: { silent: true } });
  const form = query.data;

  React.useEffect(() => {
    document.title = form ? form.name : t("formRenderer:title");
  }, [form, t]);

  const notFound = !slug || query.error?.data?.code === "NOT_FOUND" || query.error?.data?.code === "BAD_REQUEST";
  const showCompany = !!form?.schema.settings.showCompanyLogo;
  const fixed = form?.schema.settings.layout !== "responsive";

  return (
    <div className="min-h-screen bg-muted/30">
      <header className={`mx-auto flex w-full items-center justify-between gap-3 px-4 pt-4 ${fixed ? "max-w-3xl" : "max-w-6xl"}`}>
        {showCompany && form ? (
          <div className="flex min-w-0 items-center gap-3" data-testid="public-form-company">
            {form.company.logoUrl ? (
              <img src={form.company.logoUrl} alt="" className="size-10 shrink-0 rounded-md object-contain" />
            ) : (
              <span aria-hidden className="grid size-10 shrink-0 place-items-center rounded-md bg-primary text-lg font-semibold text-primary-foreground">
                {form.company.name.trim().charAt(0).toUpperCase()}
              </span>
            )}
            <span className="truncate font-semibold">{form.company.name}</span>
          </div>
        ) : (
          <span />
        )}
        <LanguageSelector />
      </header>
      <main className={`mx-auto grid w-full gap-6 px-4 py-6 ${fixed ? "max-w-3xl" : "max-w-6xl"}`} data-testid="public-form-page">
        {query.isLoading ? (
          <div className="grid gap-4">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-64 w-full" />
          </div>
        ) : form ? (
          <>
            <div className="grid gap-2">
              <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{form.name}</h1>
              {form.description && <p className="whitespace-pre-line text-muted-foreground">{form.description}</p>}
            </div>
            {form.closed ? (
              <Card data-testid="public-form-closed">
                <CardHeader className="items-center text-center">
                  <Lock className="size-10 text-muted-foreground" aria-hidden />
                  <CardTitle>{t("formRenderer:public.closedTitle")}</CardTitle>
                  <CardDescription className="whitespace-pre-line">{form.closedMessage || t("forms:errors.formClosed")}</CardDescription>
                </CardHeader>
              </Card>
            ) : (
              <PublicForm slug={form.slug} schema={form.schema} />
            )}
          </>
        ) : notFound ? (
          <Card className="mt-10" data-testid="public-form-not-found">
            <CardHeader className="items-center text-center">
              <SearchX className="size-10 text-muted-foreground" aria-hidden />
              <h1 className="text-lg font-semibold leading-none">{t("formRenderer:public.notFoundTitle")}</h1>
              <CardDescription>{t("formRenderer:public.notFound")}</CardDescription>
            </CardHeader>
          </Card>
        ) : (
          <Card className="mt-10" role="alert">
            <CardHeader className="items-center gap-3 text-center">
              <CardDescription>{t("formRenderer:public.loadError")}</CardDescription>
              <Button variant="outline" onClick={() => void query.refetch()}>
                {t("formRenderer:public.retry")}
              </Button>
            </CardHeader>
          </Card>
        )}
      </main>
    </div>
  );
}

function PublicForm({ slug, schema }: { slug: string; schema: React.ComponentProps<typeof FormRenderer>["schema"] }) {
  const trpc = useTRPC();
  const submit = useMutation({ ...trpc.publicForm.submit.mutationOptions(), meta: { silent: true } });
  return (
    <FormRenderer
      mode="public"
      slug={slug}
      schema={schema}
      onSubmit={async (answers) => {
        await submit.mutateAsync({ slug, answers });
      }}
    />
  );
}
