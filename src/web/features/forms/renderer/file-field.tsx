import { CheckCircle2, FileUp, Loader2, X, XCircle } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { acceptedFormats, checkFile, checkFileCount, type FileInfo, formatBytes, maxFilesOf } from "../../../../shared/forms/rules";
import { fileOptionsOf, UPLOAD_PROGRESS } from "../../../../shared/forms/schema";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import { type FieldProps, messageText } from "./field-props";
import { uploadUrl } from "./values";

type Item = { id: number; name: string; size: number; type: string; status: "pending" | "uploading" | "done" | "error"; progress: number; url?: string; error?: string };

let nextId = 1;

/**
 * file-upload (§5, §9): the field's options (count, size, formats) are checked before anything is
 * sent; each file then shows pending → 30 → 100 (or its error). The answer is the list of
 * uploaded files {name, size, type, url}; the preview keeps files in the page and uploads nothing.
 */
export function FileField(p: FieldProps) {
  const { t, i18n } = useTranslation();
  const options = fileOptionsOf(p.field);
  const input = React.useRef<HTMLInputElement>(null);
  const [items, setItems] = React.useState<Item[]>([]);
  const [alert, setAlert] = React.useState<string | null>(null);
  const [dragging, setDragging] = React.useState(false);
  const value = React.useMemo(() => (Array.isArray(p.value) ? (p.value as FileInfo[]) : []), [p.value]);
  const blocked = p.field.disabled || p.field.readOnly;
  const max = maxFilesOf(options);
  const accept = acceptedFormats(options).join(",");

  // The answer is kept by the renderer: a ref sees the latest list when an upload finishes.
  const latest = React.useRef(value);
  latest.current = value;
  const { onChange, onUploading, field } = p;
  const inFlight = items.filter((i) => i.status === "pending" || i.status === "uploading").length;
  React.useEffect(() => {
    onUploading?.(field.key, inFlight);
  }, [onUploading, field.key, inFlight]);

  const update = (id: number, patch: Partial<Item>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...patch } : i)));

  const send = async (item: Item, file: File) => {
    update(item.id, { status: "uploading", progress: UPLOAD_PROGRESS.started });
    try {
      const res = await fetch(uploadUrl(p.mode, file, p.slug), { method: "POST", body: file, headers: { "content-type": file.type || "application/octet-stream", "x-locale": i18n.language } });
      const body = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
      if (!res.ok || !body.url) {
        update(item.id, { status: "error", error: body.message ? `${t("formRenderer:upload.failed")}: ${body.message}` : t("formRenderer:upload.failed") });
        return;
      }
      update(item.id, { status: "done", progress: UPLOAD_PROGRESS.done, url: body.url });
      const next = [...latest.current, { name: file.name, size: file.size, type: file.type, url: body.url }];
      // Two uploads ending together each add to the list the other one made.
      latest.current = next;
      onChange(next);
    } catch {
      update(item.id, { status: "error", error: t("formRenderer:upload.error") });
    }
  };

  const add = (files: File[]) => {
    if (blocked || files.length === 0) return;
    const count = checkFileCount(options, value.length + inFlight + files.length);
    if (count) {
      setAlert(messageText(t, count));
      return;
    }
    setAlert(null);
    const fresh = files.map((file): [Item, File] => {
      const refused = checkFile(options, { name: file.name, size: file.size, type: file.type });
      return [{ id: nextId++, name: file.name, size: file.size, type: file.type, status: refused ? "error" : "pending", progress: 0, error: refused ? messageText(t, refused) : undefined }, file];
    });
    setItems((list) => [...list.filter((i) => i.status !== "error"), ...fresh.map(([i]) => i)]);
    const accepted = fresh.filter(([i]) => i.status === "pending");
    if (p.mode === "preview") {
      // The preview keeps the files in the page: nothing is uploaded.
      setItems((list) => list.map((i) => (accepted.some(([a]) => a.id === i.id) ? { ...i, status: "done", progress: UPLOAD_PROGRESS.done } : i)));
      if (accepted.length > 0) onChange([...value, ...accepted.map(([i]) => ({ name: i.name, size: i.size, type: i.type }))]);
      return;
    }
    for (const [item, file] of accepted) void send(item, file);
  };

  const remove = (item: Item) => {
    setItems((list) => list.filter((i) => i.id !== item.id));
    if (item.status === "done") onChange(value.filter((f) => (item.url ? f.url !== item.url : f.name !== item.name || f.size !== item.size)));
  };

  return (
    <div className="grid gap-2">
      <div
        className={cn("flex flex-col items-center gap-2 rounded-[var(--radius-button)] border-2 border-dashed border-input bg-muted/30 p-4 text-center", dragging && "border-primary bg-primary/5", p.invalid && "border-destructive")}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          add([...e.dataTransfer.files]);
        }}
      >
        <FileUp className="size-6 text-muted-foreground" aria-hidden />
        <Button id={p.id} type="button" variant="outline" disabled={blocked} onClick={() => input.current?.click()} aria-describedby={[`${p.id}-limits`, p.describedBy].filter(Boolean).join(" ")} aria-invalid={p.invalid || undefined}>
          {t(options.multiple ? "formRenderer:upload.chooseMany" : "formRenderer:upload.chooseOne")}
        </Button>
        <p id={`${p.id}-limits`} className="text-xs text-muted-foreground">
          {t("formRenderer:upload.limits", { count: max, size: formatBytes(options.maxSizeBytes), formats: acceptedFormats(options).join(", ") })}
        </p>
        <input
          ref={input}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid={`file-input-${p.field.key}`}
          multiple={options.multiple}
          accept={accept}
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = "";
          }}
        />
      </div>
      {alert && (
        <p role="alert" className="rounded-[var(--radius-button)] border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {alert}
        </p>
      )}
      {items.length > 0 && (
        <ul className="grid gap-2" aria-label={t("formRenderer:upload.listLabel")}>
          {items.map((item) => (
            <li key={item.id} className="grid gap-1 rounded-[var(--radius-button)] border bg-card px-3 py-2" data-status={item.status}>
              <div className="flex items-center gap-2">
                {item.status === "done" ? (
                  <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden />
                ) : item.status === "error" ? (
                  <XCircle className="size-4 shrink-0 text-destructive" aria-hidden />
                ) : (
                  <Loader2 className="size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden />
                )}
                <span className="min-w-0 flex-1 truncate text-sm">{item.name}</span>
                <span className="text-xs tabular-nums text-muted-foreground">{formatBytes(item.size)}</span>
                <Button type="button" variant="ghost" size="icon" className="size-9" aria-label={t("formRenderer:upload.remove", { name: item.name })} onClick={() => remove(item)} disabled={item.status === "uploading"}>
                  <X aria-hidden />
                </Button>
              </div>
              {item.status === "error" ? (
                <p className="text-xs text-destructive">{item.error}</p>
              ) : (
                <div className="flex items-center gap-2">
                  <div
                    role="progressbar"
                    aria-label={t("formRenderer:upload.progress", { name: item.name })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={item.progress}
                    className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
                  >
                    <div className="h-full bg-primary transition-[width]" style={{ width: `${item.progress}%` }} />
                  </div>
                  <span className="w-10 text-right text-xs tabular-nums text-muted-foreground">{item.progress}%</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
