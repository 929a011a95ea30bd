import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowRightLeft, DownloadCloud, Ruler } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { BASE_UNIT, convert, DIMENSIONS, type Dimension } from "../../../shared/catalog/units";
import { errorCode, useTRPC } from "../../app/trpc";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { usePermissions } from "../../lib/permissions";
import { useDebounce } from "../../lib/use-debounce";
import { RequirePermission } from "../shell/guards";
import { UNITS_PERMISSION } from "./routes";

interface UnitRow {
  id: string;
  code: string;
  name: string;
  symbol: string;
  dimension: string;
  factor: string;
}

export function UnitsPage() {
  return (
    <RequirePermission permission={UNITS_PERMISSION}>
      <UnitsScreen />
    </RequirePermission>
  );
}

/** A unit's name and symbol in the user's language (standard units), else as stored. */
export function useUnitLabels() {
  const { t } = useTranslation();
  return {
    name: (u: { code: string; name: string }) => t(`units:names.${u.code}`, { defaultValue: u.name }),
    symbol: (u: { code: string; symbol: string }) => t(`units:symbols.${u.code}`, { defaultValue: u.symbol }),
  };
}

/** Formats an exact decimal string in the user's locale (es-DO: 1,000.5) without losing digits. */
function useExactNumber() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language === "en" ? "en-US" : "es-DO", { maximumFractionDigits: 20 });
  // Intl formats a decimal string exactly (no binary float in between).
  return (decimal: string) => format.format(decimal as unknown as number);
}

function groupByDimension(units: UnitRow[]): { dimension: string; units: UnitRow[] }[] {
  const known = (DIMENSIONS as readonly string[]).filter((d) => units.some((u) => u.dimension === d));
  const groups = known.map((dimension) => ({ dimension, units: units.filter((u) => u.dimension === dimension) }));
  const other = units.filter((u) => !(DIMENSIONS as readonly string[]).includes(u.dimension));
  return other.length ? [...groups, { dimension: "other", units: other }] : groups;
}

function UnitsScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const labels = useUnitLabels();
  const units = useQuery(trpc.unitOfMeasure.getAll.queryOptions());
  const seed = useMutation(
    trpc.unitOfMeasure.seedUnits.mutationOptions({
      meta: { silent: true },
      onSuccess: async (result) => {
        await qc.invalidateQueries(trpc.unitOfMeasure.pathFilter());
        // The server's message, on success and on error (spec 03 §8).
        toast({ title: result.message, variant: "success" });
      },
      onError: (error) => {
        if (errorCode(error) === "UNAUTHORIZED") return;
        toast({ variant: "destructive", title: error.message || t("units:seedError") });
      },
    }),
  );
  const list = units.data ?? [];
  const formatExact = useExactNumber();
  const canSeed = can(UNITS_PERMISSION);
  const seedButton = (
    <Button onClick={() => seed.mutate()} disabled={seed.isPending || !canSeed} data-testid="seed-units">
      <DownloadCloud />
      {seed.isPending ? t("units:loading") : t("units:load")}
    </Button>
  );

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>{t("units:title")}</CardTitle>
            <CardDescription>{t("units:description")}</CardDescription>
          </div>
          {list.length > 0 ? seedButton : null}
        </CardHeader>
        {units.isLoading ? (
          <CardContent className="grid gap-2">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </CardContent>
        ) : null}
        {!units.isLoading && list.length === 0 ? (
          <CardContent>
            <div className="flex flex-wrap items-center justify-between gap-4 rounded-md border border-warning bg-warning/10 p-4" role="status" data-testid="units-empty-banner">
              <div className="flex items-start gap-3">
                <Ruler className="mt-0.5 size-5 shrink-0 text-warning" />
                <div className="grid gap-1">
                  <p className="font-semibold">{t("units:emptyTitle")}</p>
                  <p className="text-sm text-muted-foreground">{t("units:emptyBanner")}</p>
                </div>
              </div>
              {seedButton}
            </div>
          </CardContent>
        ) : null}
      </Card>

      {list.length > 0 ? (
        <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
          <div className="columns-1 gap-4 xl:columns-2">
            {groupByDimension(list).map((group) => {
              const base = group.units.find((u) => u.code === BASE_UNIT[group.dimension as Dimension]) ?? group.units.find((u) => Number(u.factor) === 1);
              return (
                <Card key={group.dimension} className="mb-4 break-inside-avoid" data-testid="unit-group" data-dimension={group.dimension}>
                  <CardHeader className="pb-2">
                    <CardTitle className="text-base">{t(`units:dimensions.${group.dimension}`)}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <ul className="divide-y rounded-md border" aria-label={t(`units:dimensions.${group.dimension}`)}>
                      {group.units.map((u) => (
                        <li key={u.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm" data-testid="unit-row" data-code={u.code}>
                          <span className="flex items-center gap-2">
                            <span className="font-medium">{labels.name(u)}</span>
                            <span className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground" title={t("units:columns.symbol")}>
                              {labels.symbol(u)}
                            </span>
                          </span>
                          <span className="whitespace-nowrap tabular-nums text-muted-foreground">
                            {base && u.id === base.id ? (
                              <Badge variant="secondary">{t("units:base")}</Badge>
                            ) : base ? (
                              t("units:equivalence", { symbol: labels.symbol(u), factor: formatExact(convert(1, u, base)), base: labels.symbol(base) })
                            ) : null}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </CardContent>
                </Card>
              );
            })}
          </div>
          <UnitConverter units={list} />
        </div>
      ) : null}
    </div>
  );
}

/** Converts a quantity between two units through unitOfMeasure.convert. */
function UnitConverter({ units }: { units: UnitRow[] }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const labels = useUnitLabels();
  const byCode = (code: string) => units.find((u) => u.code === code)?.id ?? units[0]?.id ?? "";
  const [value, setValue] = React.useState("1");
  const [fromId, setFromId] = React.useState(() => byCode("kg"));
  const [toId, setToId] = React.useState(() => byCode("lb"));
  const debounced = useDebounce(value.trim().replace(",", "."), 250);
  const valid = /^-?(\d+\.?\d*|\.\d+)$/.test(debounced);
  const result = useQuery({
    ...trpc.unitOfMeasure.convert.queryOptions({ value: debounced, fromUnitId: fromId, toUnitId: toId }, { enabled: valid && !!fromId && !!toId }),
    meta: { silent: true },
    retry: false,
  });
  const groups = groupByDimension(units);
  const formatExact = useExactNumber();
  const options = groups.map((g) => (
    <optgroup key={g.dimension} label={t(`units:dimensions.${g.dimension}`)}>
      {g.units.map((u) => (
        <option key={u.id} value={u.id}>
          {labels.name(u)} ({labels.symbol(u)})
        </option>
      ))}
    </optgroup>
  ));
  const failed = result.isError && errorCode(result.error) === "BAD_REQUEST";
  return (
    <Card className="self-start" data-testid="unit-converter">
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <ArrowRightLeft className="size-4" />
          {t("units:converter.title")}
        </CardTitle>
        <CardDescription>{t("units:converter.hint")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="convert-value">{t("units:converter.value")}</Label>
          <Input id="convert-value" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={!valid && debounced !== ""} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="convert-from">{t("units:converter.from")}</Label>
          <NativeSelect id="convert-from" value={fromId} onChange={(e) => setFromId(e.target.value)}>
            {options}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="convert-to">{t("units:converter.to")}</Label>
          <NativeSelect id="convert-to" value={toId} onChange={(e) => setToId(e.target.value)}>
            {options}
          </NativeSelect>
        </div>
        <div className="rounded-md bg-muted p-3" aria-live="polite" data-testid="convert-result">
          <div className="text-xs text-muted-foreground">{t("units:converter.result")}</div>
          {!valid ? (
            <div className="text-sm text-destructive">{t("units:converter.invalid")}</div>
          ) : failed ? (
            <div className="grid gap-0.5 text-sm">
              <span className="font-semibold text-destructive">{t("units:converter.unavailable")}</span>
              <span className="text-muted-foreground">{result.error.message}</span>
            </div>
          ) : result.data ? (
            <div className="text-xl font-semibold tabular-nums">
              {formatExact(result.data.value)} {labels.symbol(result.data.toUnit)}
            </div>
          ) : (
            <Skeleton className="h-7 w-32" />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
