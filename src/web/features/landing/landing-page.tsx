import { ArrowRight, LogIn } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, Navigate } from "react-router";
import { PRODUCTS } from "../../../shared/permissions";
import { productName } from "../../../shared/platform/branding";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { currentSubdomain } from "../../lib/host";
import { customDomainPortalPath } from "../appointment-portal/custom-domain";
import { AuthLayout } from "../auth/auth-layout";

/** '/': a tenant's host goes to its suite; the bare domain offers sign-up and sign-in. */
export function LandingPage() {
  const { t } = useTranslation();
  const portalPath = customDomainPortalPath();
  if (portalPath) return <Navigate to={`/${portalPath}`} replace />;
  if (currentSubdomain()) return <Navigate to="/home" replace />;
  return (
    <AuthLayout>
      <div className="grid w-full max-w-4xl gap-6">
        <div className="text-center">
          <h1 className="text-3xl font-bold">{t("auth:landing.title")}</h1>
          <p className="mt-2 text-muted-foreground">{t("auth:landing.subtitle")}</p>
          <div className="mt-4 flex justify-center gap-2">
            <Button asChild size="lg">
              <Link to="/auth/register?trial=true">
                {t("auth:register.cta")}
                <ArrowRight />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/auth/signin">
                <LogIn />
                {t("auth:signin.submit")}
              </Link>
            </Button>
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {PRODUCTS.map((p) => (
            <Link key={p} to={`/onboarding/${p}`}>
              <Card className="h-full hover:border-primary">
                <CardHeader>
                  <CardTitle className="text-base">{productName(p)}</CardTitle>
                  <CardDescription>{t(`auth:landing.products.${p}`)}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          ))}
        </div>
      </div>
    </AuthLayout>
  );
}
