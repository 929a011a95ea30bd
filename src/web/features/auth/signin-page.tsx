import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle, LogIn } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { signInInput } from "../../../shared/platform/schemas";
import { SUBDOMAIN_PATTERN } from "../../../shared/platform/tenancy";
import { usePublicTenant } from "../../app/document-meta";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { currentSubdomain, tenantOrigin } from "../../lib/host";
import { tMessage } from "../../lib/i18n";
import { refreshSession, SESSION_KEY, signIn } from "../../lib/session";
import { AuthLayout } from "./auth-layout";

type Values = z.infer<typeof signInInput>;

export function SignInPage() {
  const subdomain = currentSubdomain();
  return <AuthLayout>{subdomain ? <TenantSignIn /> : <FindBusiness />}</AuthLayout>;
}

function TenantSignIn() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const tenant = usePublicTenant();
  const [error, setError] = React.useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(signInInput), defaultValues: { email: "", password: "" } });
  const expired = params.get("error") === "SessionExpired";

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await signIn(values.email, values.password);
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      await refreshSession(qc);
      void navigate("/home", { replace: true });
    } catch (e) {
      setError((e as Error).message);
    }
  });

  if (tenant.isSuccess && !tenant.data) {
    return (
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>{t("auth:signin.unknownBusiness")}</CardTitle>
          <CardDescription>{t("auth:signin.unknownBusinessHint")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <a href={`${window.location.protocol}//${window.location.host.split(".").slice(1).join(".")}/auth/register?trial=true`}>{t("auth:register.cta")}</a>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const errors = form.formState.errors;
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle>{t("auth:signin.title")}</CardTitle>
        <CardDescription data-testid="tenant-title">{tenant.data?.tenant.name ?? "\u00a0"}</CardDescription>
      </CardHeader>
      <CardContent>
        {expired ? (
          <div role="status" className="mb-4 flex items-center gap-2 rounded-md border border-warning bg-warning/15 p-3 text-sm" data-testid="session-expired">
            <AlertCircle className="size-4" />
            {t("auth:signin.sessionExpired")}
          </div>
        ) : null}
        {error ? (
          <div role="alert" className="mb-4 rounded-md border border-destructive bg-destructive/10 p-3 text-sm text-destructive" data-testid="signin-error">
            {error}
          </div>
        ) : null}
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <Field label={t("auth:fields.email")} htmlFor="email" error={tMessage(errors.email?.message)}>
            <Input id="email" type="email" autoComplete="username" autoFocus {...form.register("email")} aria-invalid={!!errors.email} />
          </Field>
          <Field label={t("auth:fields.password")} htmlFor="password" error={tMessage(errors.password?.message)}>
            <Input id="password" type="password" autoComplete="current-password" {...form.register("password")} aria-invalid={!!errors.password} />
          </Field>
          <Button type="submit" disabled={form.formState.isSubmitting} className="w-full">
            <LogIn />
            {form.formState.isSubmitting ? t("auth:signin.submitting") : t("auth:signin.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** On the bare domain there is no tenant: ask for the business subdomain and go there. */
function FindBusiness() {
  const { t } = useTranslation();
  const [value, setValue] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle>{t("auth:signin.title")}</CardTitle>
        <CardDescription>{t("auth:signin.findBusiness")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const sub = value.trim().toLowerCase();
            if (!SUBDOMAIN_PATTERN.test(sub)) return setError(t("errors:subdomainInvalid"));
            window.location.assign(`${tenantOrigin(sub)}/auth/signin`);
          }}
        >
          <Field label={t("auth:fields.subdomain")} htmlFor="subdomain" error={error ?? undefined}>
            <Input id="subdomain" value={value} onChange={(e) => setValue(e.target.value)} placeholder="minegocio" autoFocus />
          </Field>
          <Button type="submit">{t("auth:signin.continue")}</Button>
          <p className="text-center text-sm text-muted-foreground">
            {t("auth:signin.noAccount")}{" "}
            <Link className="font-medium text-primary underline" to="/auth/register?trial=true">
              {t("auth:register.cta")}
            </Link>
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
