import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { refreshSession } from "../../lib/session";
import { AuthLayout } from "./auth-layout";

/** Exchanges the one-time registration token for a session on this tenant's host. */
export function CallbackPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [error, setError] = React.useState<string | null>(null);
  const started = React.useRef(false);

  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const res = await fetch("/api/auth/callback", {
        method: "POST",
        headers: { "content-type": "application/json", "x-locale": i18n.language },
        body: JSON.stringify({ token: params.get("token") ?? "" }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        setError(body.message ?? t("errors:loginTokenInvalid"));
        return;
      }
      await refreshSession(qc);
      void navigate("/home?welcome=1", { replace: true });
    })();
  }, []);

  return (
    <AuthLayout>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>{error ? t("common:error") : t("auth:callback.signingIn")}</CardTitle>
        </CardHeader>
        <CardContent>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}{" "}
              <Link className="underline" to="/auth/signin">
                {t("auth:signin.submit")}
              </Link>
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">{t("common:loading")}</p>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
