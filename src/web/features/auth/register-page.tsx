import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Rocket } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import type { z } from "zod";
import { PRODUCTS, type ProductCode } from "../../../shared/permissions";
import { productName } from "../../../shared/platform/branding";
import { registerInput } from "../../../shared/platform/schemas";
import { TRIAL_DAYS } from "../../../shared/platform/themes";
import { fieldErrors, useTRPC } from "../../app/trpc";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { baseDomain } from "../../lib/host";
import { tMessage } from "../../lib/i18n";
import { AuthLayout } from "./auth-layout";

type Values = z.input<typeof registerInput>;

/** Self-registration: /auth/register?trial=true and /onboarding/{pos,forms,dental,legatti}. */
export function RegisterPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const params = useParams();
  const [search] = useSearchParams();
  const requested = params.product ?? search.get("product") ?? "pos";
  const product: ProductCode = (PRODUCTS as readonly string[]).includes(requested) ? (requested as ProductCode) : "pos";
  const plan = search.get("plan");
  const form = useForm<Values>({
    resolver: zodResolver(registerInput),
    defaultValues: { businessName: "", subdomain: "", taxId: "", ownerName: "", email: "", password: "", product },
  });
  const register = useMutation(
    trpc.onboarding.register.mutationOptions({
      meta: { silent: false },
      onSuccess: (res) => window.location.assign(res.redirectUrl),
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) form.setError(field as keyof Values, { message });
      },
    }),
  );
  const onSubmit = form.handleSubmit((values) => register.mutate(registerInput.parse(values)));
  const errors = form.formState.errors;
  const field = (name: Exclude<keyof Values, "product">, type = "text", autoComplete?: string) => (
    <Field label={t(`auth:fields.${name}`)} htmlFor={name} error={tMessage(errors[name]?.message)} required>
      <Input id={name} type={type} autoComplete={autoComplete} {...form.register(name)} aria-invalid={!!errors[name]} />
    </Field>
  );

  return (
    <AuthLayout>
      <Card className="w-full max-w-xl">
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>{t("auth:register.title", { product: productName(product) })}</CardTitle>
            <Badge variant="success" data-testid="trial-badge">
              {t("auth:register.trial", { days: TRIAL_DAYS })}
            </Badge>
            {plan ? <Badge variant="outline">{t("auth:register.plan", { plan })}</Badge> : null}
          </div>
          <CardDescription>{t("auth:register.subtitle")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
            <div className="sm:col-span-2">{field("businessName", "text", "organization")}</div>
            <Field label={t("auth:fields.subdomain")} htmlFor="subdomain" error={tMessage(errors.subdomain?.message)} required hint={t("auth:register.subdomainHint")}>
              <div className="flex items-center gap-1">
                <Input id="subdomain" {...form.register("subdomain")} aria-invalid={!!errors.subdomain} placeholder="minegocio" />
                <span className="whitespace-nowrap text-sm text-muted-foreground">.{baseDomain()}</span>
              </div>
            </Field>
            <Field label={t("auth:fields.taxId")} htmlFor="taxId" error={tMessage(errors.taxId?.message)} required hint={t("auth:register.taxIdHint")}>
              <Input id="taxId" inputMode="numeric" {...form.register("taxId")} aria-invalid={!!errors.taxId} />
            </Field>
            {field("ownerName", "text", "name")}
            {field("email", "email", "email")}
            {field("password", "password", "new-password")}
            <div className="flex items-end sm:col-span-2">
              <Button type="submit" className="w-full" disabled={register.isPending}>
                <Rocket />
                {register.isPending ? t("auth:register.submitting") : t("auth:register.submit")}
              </Button>
            </div>
          </form>
          <p className="mt-4 text-center text-sm text-muted-foreground">
            {t("auth:register.haveAccount")}{" "}
            <Link className="font-medium text-primary underline" to="/auth/signin">
              {t("auth:signin.submit")}
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
