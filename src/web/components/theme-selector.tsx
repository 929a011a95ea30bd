import { Lock, Palette } from "lucide-react";
import { useTranslation } from "react-i18next";
import { THEMES, type Theme } from "../../shared/platform/themes";
import { useTheme } from "../lib/theme";
import { Button } from "./ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from "./ui/dropdown-menu";

export function ThemeSelector() {
  const { t } = useTranslation();
  const { theme, setTheme, locked } = useTheme();
  if (locked) {
    return (
      <Button variant="ghost" size="sm" disabled title={t("common:theme.locked")} aria-label={t("common:theme.locked")} data-testid="theme-selector">
        <Lock />
        <Palette />
      </Button>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t("common:theme.label")} data-testid="theme-selector">
          <Palette />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("common:theme.label")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(v) => setTheme(v as Theme)}>
          {THEMES.map((name) => (
            <DropdownMenuRadioItem key={name} value={name} data-theme-option={name}>
              <span className={`${name} inline-block size-3 rounded-full border`} style={{ background: "var(--primary)" }} />
              {t(`common:theme.names.${name}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
