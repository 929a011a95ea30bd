import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, SearchX, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useTRPC } from "../../app/trpc";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { usePermissions } from "../../lib/permissions";
import { RequirePermission } from "../shell/guards";
import { CommissionsCard } from "./employee-commissions";
import { EmployeeForm } from "./employee-form";
import { DeleteEmployeeDialog, RestoreButton } from "./employees-page";

/** /home/employees/new: the new-employee form; saving lands on /home/employees/{id}. */
export function NewEmployeePage() {
  const { t } = useTranslation();
  return (
    <RequirePermission permission="employees.create">
      <div className="grid gap-4">
        <PageHeader title={t("employees:new")} subtitle={t("employees:hints.required")} />
        <EmployeeForm employee={null} />
      </div>
    </RequirePermission>
  );
}

/** /home/employees/{id}: the employee form in edit mode plus the commissions card. */
export function EmployeePage() {
  const { id = "" } = useParams();
  return (
    <RequirePermission permission="employees.view">
      <EmployeeScreen id={id} />
    </RequirePermission>
  );
}

function EmployeeScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const query = useQuery({ ...trpc.employee.getById.queryOptions({ id }), meta: { silent: true }, retry: false });
  const [confirmDelete, setConfirmDelete] = React.useState(false);
  if (query.isLoading) {
    return (
      <div className="grid gap-4">
        <Skeleton className="h-9 w-72" />
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-96 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  const e = query.data;
  if (!e) return <EmployeeNotFound />;
  const canDelete = can("employees.delete");
  return (
    <div className="grid gap-4" data-testid="employee-page">
      <PageHeader
        title={e.name}
        subtitle={`${t("employees:edit")} · ${e.code}`}
        badge={
          e.is_active ? (
            <Badge variant="success" data-testid="employee-status">
              {t("common:status.active")}
            </Badge>
          ) : (
            <Badge variant="outline" data-testid="employee-status">
              {t("common:status.inactive")}
            </Badge>
          )
        }
        actions={
          canDelete ? (
            e.is_active ? (
              <Button variant="outline" onClick={() => setConfirmDelete(true)} data-testid="delete-employee">
                <Trash2 />
                {t("employees:actions.delete")}
              </Button>
            ) : (
              <RestoreButton employee={e} withLabel />
            )
          ) : null
        }
      />
      {!e.is_active ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">{t("employees:inactiveBanner")}</p>
      ) : null}
      <EmployeeForm key={`${e.id}-${e.updated_at.getTime()}`} employee={e} readOnly={!can("employees.update")} />
      <CommissionsCard employee={e} />
      <DeleteEmployeeDialog employee={confirmDelete ? e : null} onClose={() => setConfirmDelete(false)} onDeleted={() => void navigate("/home/employees")} />
    </div>
  );
}

function PageHeader({ title, subtitle, badge, actions }: { title: string; subtitle: string; badge?: React.ReactNode; actions?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="ghost" size="icon" asChild>
        <Link to="/home/employees" aria-label={t("employees:actions.back")} title={t("employees:actions.back")}>
          <ArrowLeft />
        </Link>
      </Button>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="min-w-0 break-words text-2xl font-bold">{title}</h1>
          {badge}
        </div>
        <p className="text-sm text-muted-foreground">{subtitle}</p>
      </div>
      {actions}
    </div>
  );
}

/** An unknown id, or another business's employee. */
function EmployeeNotFound() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto mt-10 max-w-lg" data-testid="employee-not-found">
      <CardHeader className="items-center text-center">
        <SearchX className="size-10 text-muted-foreground" />
        <CardTitle>{t("employees:notFound")}</CardTitle>
        <CardDescription>{t("employees:notFoundHint")}</CardDescription>
        <Button asChild variant="outline" className="mt-2">
          <Link to="/home/employees">{t("employees:title")}</Link>
        </Button>
      </CardHeader>
    </Card>
  );
}
