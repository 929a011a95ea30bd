import * as React from "react";
import { useTranslation } from "react-i18next";
import { useBrandName } from "../../app/document-meta";
import { LanguageSelector } from "../../components/language-selector";
import { ThemeSelector } from "../../components/theme-selector";
import { currentBrand } from "../../lib/host";

/** The frame of the public auth and onboarding pages: brand, language and theme, support contact. */
export function AuthLayout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const brandName = useBrandName();
  const brand = React.useMemo(currentBrand, []);
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="flex h-14 items-center justify-between px-4">
        <div className="flex items-center gap-2 font-bold" data-testid="brand-name">
          <span className="flex size-8 items-center justify-center rounded-[var(--radius-button)] bg-primary text-primary-foreground">{brandName.slice(0, 1)}</span>
          {brandName}
        </div>
        <div className="flex items-center gap-1">
          <LanguageSelector />
          <ThemeSelector />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center p-4 sm:items-center">{children}</main>
      <footer className="p-4 text-center text-xs text-muted-foreground" data-testid="support-contact">
        {t("auth:support", { email: brand.supportEmail, phone: brand.supportPhone })}
      </footer>
    </div>
  );
}
