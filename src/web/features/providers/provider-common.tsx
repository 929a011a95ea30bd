import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";

/** Back to the previous page (spec 03 §2: after saving a provider); the list when there is none. */
export function useGoBack(fallback = "/home/providers") {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}

/** An unknown id, or another business's provider. */
export function ProviderNotFound() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto mt-10 max-w-lg" data-testid="provider-not-found">
      <CardHeader className="items-center text-center">
        <SearchX className="size-10 text-muted-foreground" />
        <CardTitle>{t("providers:notFound")}</CardTitle>
        <CardDescription>{t("providers:notFoundHint")}</CardDescription>
        <Button asChild variant="outline" className="mt-2">
          <Link to="/home/providers">{t("providers:title")}</Link>
        </Button>
      </CardHeader>
    </Card>
  );
}
