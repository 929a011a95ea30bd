import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ImageIcon, Link2, Trash2, Upload } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { STORE_IMAGE_MAX_BYTES } from "../../../../shared/storefront/constants";
import { isAcceptedImageName, isImageUrl, type MediaLibraryImage } from "../../../../shared/storefront/content";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { cn } from "../../../lib/utils";

type Tab = "upload" | "url" | "library";
const TABS: Tab[] = ["upload", "url", "library"];
/** The spec's upload progress steps (percent) and how long the dialog stays after a success. */
const PROGRESS_STEPS = [20, 40, 60, 80] as const;
const PROGRESS_STEP_MS = 150;
const CLOSE_AFTER_SUCCESS_MS = 500;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (url: string) => void;
}

/**
 * The spec's 'Select Background Image' dialog: Upload (one image, png/jpg/jpeg/gif/webp up to 5 MB,
 * progress 20…100 %, closes 0.5 s after success), URL (any http(s) image address) and Library (the
 * tenant's images, loaded only while open; pick or delete). Every image added is kept in the
 * library (ecommerce.saveToMediaLibrary) and handed to onSelect.
 */
export function SelectBackgroundImageDialog({ open, onOpenChange, onSelect }: Props) {
  const { t } = useTranslation();
  const [tab, setTab] = React.useState<Tab>("upload");
  const tabRefs = React.useRef<Record<Tab, HTMLButtonElement | null>>({ upload: null, url: null, library: null });

  const onTabKey = (e: React.KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const next = e.key === "ArrowRight" ? TABS[(i + 1) % 3] : e.key === "ArrowLeft" ? TABS[(i + 2) % 3] : e.key === "Home" ? TABS[0] : e.key === "End" ? TABS[2] : null;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const choose = (url: string) => {
    onSelect(url);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("storefrontContent:media.close")} className="max-h-[90vh] max-w-2xl overflow-y-auto" data-testid="background-image-dialog">
        <DialogHeader>
          <DialogTitle>{t("storefrontContent:media.title")}</DialogTitle>
          <DialogDescription>{t("storefrontContent:media.description")}</DialogDescription>
        </DialogHeader>
        <div role="tablist" aria-label={t("storefrontContent:media.title")} className="grid grid-cols-3 gap-1 rounded-[var(--radius-button)] bg-muted p-1" onKeyDown={onTabKey}>
          {TABS.map((key) => {
            const Icon = key === "upload" ? Upload : key === "url" ? Link2 : ImageIcon;
            return (
              <button
                key={key}
                ref={(el) => {
                  tabRefs.current[key] = el;
                }}
                type="button"
                role="tab"
                id={`media-tab-${key}`}
                aria-selected={tab === key}
                aria-controls={`media-panel-${key}`}
                tabIndex={tab === key ? 0 : -1}
                onClick={() => setTab(key)}
                className={cn(
                  "inline-flex min-h-10 items-center justify-center gap-2 rounded-[var(--radius-button)] px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring",
                  tab === key ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
                )}
              >
                <Icon className="size-4" aria-hidden />
                {t(`storefrontContent:media.tabs.${key}`)}
              </button>
            );
          })}
        </div>
        <div role="tabpanel" id={`media-panel-${tab}`} aria-labelledby={`media-tab-${tab}`} className="min-h-56">
          {tab === "upload" ? <UploadPanel onDone={choose} /> : null}
          {tab === "url" ? <UrlPanel onDone={choose} /> : null}
          {tab === "library" ? <LibraryPanel open={open} onPick={choose} /> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function useSaveToLibrary() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return useMutation(
    trpc.ecommerce.saveToMediaLibrary.mutationOptions({
      onSuccess: () => qc.invalidateQueries(trpc.ecommerce.getTenantMediaLibrary.pathFilter()),
    }),
  );
}

function UploadPanel({ onDone }: { onDone: (url: string) => void }) {
  const { t, i18n } = useTranslation();
  const save = useSaveToLibrary();
  const input = React.useRef<HTMLInputElement>(null);
  const [progress, setProgress] = React.useState<number | null>(null);
  const [dragging, setDragging] = React.useState(false);
  const timers = React.useRef<ReturnType<typeof setTimeout>[]>([]);
  React.useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const busy = progress !== null;

  const upload = async (file: File | undefined) => {
    if (!file || busy) return;
    if (!isAcceptedImageName(file.name)) {
      toast({ variant: "destructive", title: t("storefrontContent:media.wrongTypeTitle"), description: t("storefrontContent:media.wrongTypeText") });
      return;
    }
    if (file.size > STORE_IMAGE_MAX_BYTES) {
      toast({ variant: "destructive", title: t("storefrontContent:media.tooLargeTitle"), description: t("storefrontContent:media.tooLargeText") });
      return;
    }
    setProgress(PROGRESS_STEPS[0]);
    // 20 at start, then 40, 60, 80 while the file travels; 100 once it is in the library.
    timers.current = PROGRESS_STEPS.slice(1).map((p, i) => setTimeout(() => setProgress((cur) => (cur !== null && cur < p ? p : cur)), PROGRESS_STEP_MS * (i + 1)));
    try {
      const res = await fetch(`/api/upload?filename=${encodeURIComponent(file.name)}&purpose=media`, {
        method: "POST",
        headers: { "content-type": file.type || "application/octet-stream", "x-locale": i18n.language },
        body: file,
      });
      const json = (await res.json().catch(() => ({}))) as { url?: string; thumbnailUrl?: string; width?: number; height?: number; fileSize?: number; mimeType?: string; message?: string };
      if (!res.ok || !json.url) throw new Error(json.message);
      await save.mutateAsync({
        url: json.url,
        thumbnailUrl: json.thumbnailUrl ?? null,
        filename: file.name,
        fileSize: json.fileSize ?? file.size,
        mimeType: json.mimeType ?? file.type,
        category: "background",
        metadata: { width: json.width, height: json.height },
      });
      timers.current.forEach(clearTimeout);
      setProgress(100);
      toast({ variant: "success", title: t("storefrontContent:media.uploadedTitle"), description: t("storefrontContent:media.uploadedText") });
      const url = json.url;
      timers.current = [setTimeout(() => onDone(url), CLOSE_AFTER_SUCCESS_MS)];
    } catch (e) {
      timers.current.forEach(clearTimeout);
      setProgress(null);
      toast({ variant: "destructive", title: t("storefrontContent:media.uploadFailedTitle"), description: (e as Error).message || t("storefrontContent:media.uploadFailedText") });
    } finally {
      if (input.current) input.current.value = "";
    }
  };

  return (
    <div className="grid gap-3">
      <button
        type="button"
        disabled={busy}
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          void upload(e.dataTransfer.files[0]);
        }}
        className={cn(
          "flex min-h-44 flex-col items-center justify-center gap-2 rounded-[var(--radius-card)] border-2 border-dashed p-6 text-center focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-wait",
          dragging ? "border-primary bg-primary/5" : "border-input hover:bg-accent",
        )}
        data-testid="media-drop-zone"
      >
        <Upload className="size-8 text-muted-foreground" aria-hidden />
        <span className="font-medium">{t("storefrontContent:media.dropHere")}</span>
        <span className="text-sm text-muted-foreground">{t("storefrontContent:media.accepted")}</span>
      </button>
      <input
        ref={input}
        type="file"
        accept=".png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label={t("storefrontContent:media.chooseFile")}
        onChange={(e) => void upload(e.target.files?.[0])}
        data-testid="media-file-input"
      />
      {busy ? (
        <div className="grid gap-1" aria-live="polite">
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-label={t("storefrontContent:media.uploading", { progress })}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width] duration-150" style={{ width: `${progress}%` }} />
          </div>
          <p className="text-sm text-muted-foreground" data-testid="media-progress">
            {t("storefrontContent:media.uploading", { progress })}
          </p>
        </div>
      ) : null}
    </div>
  );
}

function UrlPanel({ onDone }: { onDone: (url: string) => void }) {
  const { t } = useTranslation();
  const save = useSaveToLibrary();
  const [value, setValue] = React.useState("");
  const trimmed = value.trim();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // The dialog is portaled, but React still bubbles the submit to a form that renders it.
    e.stopPropagation();
    if (!trimmed || save.isPending) return;
    if (!isImageUrl(trimmed) || trimmed.startsWith("/")) {
      toast({ variant: "destructive", title: t("storefrontContent:media.invalidUrlTitle"), description: t("storefrontContent:media.invalidUrlText") });
      return;
    }
    const filename = decodeURIComponent(new URL(trimmed).pathname.split("/").pop() || "") || new URL(trimmed).hostname;
    save.mutate(
      { url: trimmed, filename: filename.slice(0, 255), fileSize: 0, mimeType: "image/*", category: "background", metadata: { isExternal: true } },
      {
        onSuccess: () => {
          toast({ variant: "success", title: t("storefrontContent:media.addedTitle"), description: t("storefrontContent:media.addedText") });
          setValue("");
          onDone(trimmed);
        },
        onError: (err) => toast({ variant: "destructive", title: t("storefrontContent:media.invalidUrlTitle"), description: err.message }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <Label htmlFor="media-url">{t("storefrontContent:media.urlLabel")}</Label>
      <div className="flex gap-2">
        <Input
          id="media-url"
          type="url"
          inputMode="url"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t("storefrontContent:media.urlPlaceholder")}
          autoComplete="off"
          data-testid="media-url-input"
        />
        <Button type="submit" disabled={!trimmed || save.isPending} data-testid="media-url-add">
          {t("storefrontContent:media.add")}
        </Button>
      </div>
    </form>
  );
}

function LibraryPanel({ open, onPick }: { open: boolean; onPick: (url: string) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const library = useQuery({ ...trpc.ecommerce.getTenantMediaLibrary.queryOptions({ category: "background" }), enabled: open });
  const remove = useMutation(
    trpc.ecommerce.deleteMediaLibraryImage.mutationOptions({
      onSuccess: () => {
        toast({ variant: "success", title: t("storefrontContent:media.deletedTitle"), description: t("storefrontContent:media.deletedText") });
        return qc.invalidateQueries(trpc.ecommerce.getTenantMediaLibrary.pathFilter());
      },
      onError: (err) => toast({ variant: "destructive", title: t("storefrontContent:media.errorTitle"), description: err.message || t("storefrontContent:media.deleteFailed") }),
    }),
  );

  const askDelete = (image: MediaLibraryImage) => {
    if (window.confirm(t("storefrontContent:media.confirmDelete"))) remove.mutate({ id: image.id });
  };

  if (library.isLoading) return <p className="py-8 text-center text-sm text-muted-foreground">{t("storefrontContent:media.loading")}</p>;
  const images = library.data ?? [];
  if (images.length === 0)
    return (
      <p className="py-8 text-center text-sm text-muted-foreground" data-testid="media-library-empty">
        {t("storefrontContent:media.empty")}
      </p>
    );
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="media-library">
      {images.map((image) => (
        <li key={image.id} className="group relative overflow-hidden rounded-[var(--radius-card)] border" data-testid="media-library-item">
          <button
            type="button"
            onClick={() => onPick(image.url)}
            className="block w-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            aria-label={t("storefrontContent:media.select", { name: image.filename })}
          >
            <img src={image.thumbnail_url ?? image.url} alt="" loading="lazy" className="aspect-video w-full bg-muted object-cover" />
            <span className="block truncate px-2 py-1 text-left text-xs text-muted-foreground">{image.filename}</span>
          </button>
          <Button
            type="button"
            size="icon"
            variant="destructive"
            className="absolute right-1 top-1 size-9"
            disabled={remove.isPending}
            onClick={() => askDelete(image)}
            aria-label={t("storefrontContent:media.delete", { name: image.filename })}
            data-testid="media-library-delete"
          >
            <Trash2 />
          </Button>
        </li>
      ))}
    </ul>
  );
}
