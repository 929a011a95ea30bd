import { Copy, Download, Upload } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { exportFileName, type FormSchema, formSchemaJson, parseFormSchemaJson } from "../../../../shared/forms/schema";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";

/**
 * The JSON tab (spec 03 §2, §5): the schema as JSON; Copy JSON, Export (form-{name}.json) and
 * Import JSON (a textarea with Apply JSON and Cancel). An import is one undoable change.
 */
export function JsonTab({ schema, name, onImport, readOnly }: { schema: FormSchema; name: string; onImport: (schema: FormSchema) => void; readOnly: boolean }) {
  const { t } = useTranslation();
  const [importing, setImporting] = React.useState(false);
  const [text, setText] = React.useState("");
  const [error, setError] = React.useState<string>();
  const json = formSchemaJson(schema);
  const importRef = React.useRef<HTMLTextAreaElement>(null);

  React.useEffect(() => {
    if (importing) importRef.current?.focus();
  }, [importing]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      toast({ title: t("formDesigner:json.copied"), variant: "success" });
    } catch {
      toast({ title: t("formDesigner:json.copyFailed"), variant: "destructive" });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([json], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = exportFileName(name);
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  };
  const apply = () => {
    const result = parseFormSchemaJson(text);
    if (!result.ok) {
      const description = result.kind === "json" ? (result.detail ?? t("forms:errors.invalidJsonHint")) : result.kind === "schema" ? t(result.message) + (result.path?.length ? ` (${result.path.join(".")})` : "") : undefined;
      const title = result.kind === "json" ? t("forms:errors.invalidJson") : t("forms:errors.invalidStructure");
      setError(description ? `${title}: ${description}` : title);
      toast({ title, description, variant: "destructive" });
      return;
    }
    onImport(result.schema);
    setImporting(false);
    setText("");
    setError(undefined);
    toast({ title: t("formDesigner:json.imported"), variant: "success" });
  };

  return (
    <Card data-testid="json-tab">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t("formDesigner:json.title")}</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void copy()} data-testid="json-copy">
            <Copy />
            {t("formDesigner:json.copy")}
          </Button>
          <Button variant="outline" onClick={download} data-testid="json-export">
            <Download />
            {t("formDesigner:json.export")}
          </Button>
          <Button variant="outline" onClick={() => setImporting(true)} disabled={readOnly || importing} data-testid="json-import">
            <Upload />
            {t("formDesigner:json.import")}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {importing ? (
          <div className="grid gap-2">
            <Label htmlFor="json-import-text">{t("formDesigner:json.importLabel")}</Label>
            <textarea
              id="json-import-text"
              ref={importRef}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
              aria-invalid={!!error}
              aria-describedby={error ? "json-import-error" : undefined}
              spellCheck={false}
              className="min-h-64 w-full rounded-[var(--radius-button)] border border-input bg-card p-3 font-mono text-xs focus-visible:outline-2 focus-visible:outline-ring"
              data-testid="json-import-text"
            />
            {error ? (
              <p id="json-import-error" role="alert" className="text-sm text-destructive" data-testid="json-import-error">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="outline"
                onClick={() => {
                  setImporting(false);
                  setText("");
                  setError(undefined);
                }}
              >
                {t("formDesigner:json.cancel")}
              </Button>
              <Button onClick={apply} data-testid="json-apply">
                {t("formDesigner:json.apply")}
              </Button>
            </div>
          </div>
        ) : null}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (axe scrollable-region-focusable) */}
        <section tabIndex={0} aria-label={t("formDesigner:json.schemaLabel")} className="max-h-[32rem] overflow-auto rounded-[var(--radius-button)] bg-muted p-3 focus-visible:outline-2 focus-visible:outline-ring">
          <pre className="font-mono text-xs" data-testid="json-view">
            {json}
          </pre>
        </section>
      </CardContent>
    </Card>
  );
}
