import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { AccessDenied, RequirePermission } from "../../shell/guards";
import { FormRenderer } from "../renderer/form-renderer";
import { FormPageHeader, useFormOf } from "./form-common";

/**
 * A staff member fills a published form (issue 17: the 'submit' right of a role), e.g. a private
 * form that is never public: the published version through the renderer in signed-in mode, sent
 * with formSubmission.submit (uploads stay private to the tenant).
 */
export function FormFillPage() {
  return (
    <RequirePermission permission="forms.view">
      <FillScreen />
    </RequirePermission>
  );
}

function FillScreen() {
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useFormOf(id);
  const fillable = useQuery({ ...trpc.formSubmission.getForm.queryOptions({ formId: id }), retry: false });
  const submit = useMutation({ ...trpc.formSubmission.submit.mutationOptions(), meta: { silent: true } });

  if (form.isError) return <AccessDenied message={form.error.message} />;
  const f = fillable.data;
  return (
    <div className="grid gap-4">
      <FormPageHeader formId={id} name={form.data?.name} status={form.data?.status} title={t("formScreens:fill.title")} loading={form.isLoading}>
        <Button asChild variant="outline">
          <Link to={`/home/forms/${id}/submissions`}>
            <Inbox />
            {t("formScreens:actions.submissions")}
          </Link>
        </Button>
      </FormPageHeader>
      {fillable.isLoading ? (
        <Skeleton className="h-64 w-full" />
      ) : fillable.isError ? (
        <Card>
          <CardContent className="pt-5 text-sm text-muted-foreground" data-testid="fill-unavailable">
            {fillable.error.message}
          </CardContent>
        </Card>
      ) : f?.closed ? (
        <Card>
          <CardContent className="pt-5" data-testid="fill-closed">
            {f.closedMessage ?? t("forms:errors.formClosed")}
          </CardContent>
        </Card>
      ) : f ? (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground" data-testid="fill-version">
            {t("formScreens:fill.version", { version: f.version })}
          </p>
          <FormRenderer
            mode="signed-in"
            schema={f.schema}
            onSubmit={async (answers) => {
              await submit.mutateAsync({ formId: id, answers });
              await Promise.all([qc.invalidateQueries(trpc.formSubmission.pathFilter()), qc.invalidateQueries(trpc.form.pathFilter())]);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
