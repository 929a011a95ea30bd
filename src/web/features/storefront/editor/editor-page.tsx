import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Monitor, Save, Send, Smartphone } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { STORE_PAGES, type StorePage } from "../../../../shared/storefront/constants";
import { defaultSection, newSectionId, type PageSection, pageSectionSchema, type SectionType } from "../../../../shared/storefront/sections";
import { useTRPC } from "../../../app/trpc";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { usePermissions } from "../../../lib/permissions";
import { cn } from "../../../lib/utils";
import { type PreviewMode, SectionsPreview } from "./preview";
import { SectionList } from "./section-list";
import { SectionSettingsPanel } from "./section-settings";

type Drafts = Record<StorePage, PageSection[]>;

/**
 * The section editor (/home/storefront): pick a page (Inicio, Nosotros, Contacto), arrange its
 * sections, edit the selected one's settings, watch the live preview at desktop or 768-px mobile
 * width, save the draft (Guardar, Ctrl+S) and publish every page (Publicar). Leaving with unsaved
 * changes asks first.
 */
export function StorefrontEditorPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const canEdit = can("storefront.update");
  const pagesQuery = useQuery({ ...trpc.ecommerce.getStorePages.queryOptions(), staleTime: 0 });
  const save = useMutation(trpc.ecommerce.saveStorePage.mutationOptions({ meta: { silent: true } }));
  const publish = useMutation(trpc.ecommerce.publishStore.mutationOptions({ meta: { silent: true } }));

  const [page, setPage] = React.useState<StorePage>("home");
  const [drafts, setDrafts] = React.useState<Drafts | null>(null);
  const [saved, setSaved] = React.useState<Drafts | null>(null);
  const [selectedId, setSelectedId] = React.useState<string | null>(null);
  const [mode, setMode] = React.useState<PreviewMode>("desktop");

  React.useEffect(() => {
    if (!pagesQuery.data || drafts) return;
    const loaded = Object.fromEntries(pagesQuery.data.pages.map((p) => [p.page, p.draftSections])) as Drafts;
    setDrafts(loaded);
    setSaved(loaded);
  }, [pagesQuery.data, drafts]);

  const sections = drafts?.[page] ?? [];
  const dirtyPages = drafts && saved ? STORE_PAGES.filter((p) => drafts[p] !== saved[p]) : [];
  const dirty = dirtyPages.length > 0;
  const selected = sections.find((s) => s.id === selectedId) ?? null;

  const setSections = (next: PageSection[]) => setDrafts((d) => (d ? { ...d, [page]: next } : d));
  const updateSection = (next: PageSection) => setSections(sections.map((s) => (s.id === next.id ? next : s)));

  const issuesOf = (s: PageSection): string[] => {
    const r = pageSectionSchema.safeParse(s);
    return r.success ? [] : [...new Set(r.error.issues.map((i) => t(i.message)))];
  };

  // ---- saving and publishing -----------------------------------------------------------------
  const saveAll = async (): Promise<boolean> => {
    if (!drafts || !saved) return false;
    for (const p of STORE_PAGES) {
      const bad = drafts[p].find((s) => issuesOf(s).length > 0);
      if (bad) {
        setPage(p);
        setSelectedId(bad.id);
        toast({ title: t("storefrontEditor:toast.invalid"), description: issuesOf(bad).join(" "), variant: "destructive" });
        return false;
      }
    }
    try {
      const next = { ...saved };
      const fresh = { ...drafts };
      for (const p of dirtyPages) {
        const result = await save.mutateAsync({ page: p, sections: drafts[p] });
        next[p] = drafts[p];
        if (JSON.stringify(result.draftSections) !== JSON.stringify(drafts[p])) {
          fresh[p] = result.draftSections;
          next[p] = result.draftSections;
        }
      }
      setDrafts(fresh);
      setSaved(next);
      await qc.invalidateQueries(trpc.ecommerce.getStorePages.pathFilter());
      return true;
    } catch (error) {
      toast({ title: t("storefrontEditor:toast.saveFailed"), description: error instanceof Error ? error.message : undefined, variant: "destructive" });
      return false;
    }
  };

  const onSave = async () => {
    if (!dirty) {
      toast({ title: t("storefrontEditor:toast.nothingToSave") });
      return;
    }
    if (await saveAll()) toast({ title: t("storefrontEditor:toast.saved"), description: t("storefrontEditor:toast.savedDescription"), variant: "success" });
  };

  const onPublish = async () => {
    if (dirty && !(await saveAll())) return;
    try {
      await publish.mutateAsync({});
      await qc.invalidateQueries(trpc.ecommerce.getStorePages.pathFilter());
      toast({ title: t("storefrontEditor:toast.published"), description: t("storefrontEditor:toast.publishedDescription"), variant: "success" });
    } catch (error) {
      toast({ title: t("storefrontEditor:toast.publishFailed"), description: error instanceof Error ? error.message : undefined, variant: "destructive" });
    }
  };

  const saveRef = React.useRef(onSave);
  saveRef.current = onSave;
  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
        e.preventDefault();
        if (canEdit) void saveRef.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [canEdit]);

  // ---- leaving with unsaved changes ------------------------------------------------------------
  const dirtyRef = React.useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);
  React.useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  // ---- list actions -------------------------------------------------------------------------------
  const onAdd = (type: SectionType) => {
    const s = defaultSection(type);
    setSections([...sections, s]);
    setSelectedId(s.id);
  };
  const onDuplicate = (id: string) => {
    const i = sections.findIndex((s) => s.id === id);
    const copy = { ...structuredClone(sections[i]!), id: newSectionId() };
    setSections([...sections.slice(0, i + 1), copy, ...sections.slice(i + 1)]);
    setSelectedId(copy.id);
  };
  const onDelete = (id: string) => {
    setSections(sections.filter((s) => s.id !== id));
    if (selectedId === id) setSelectedId(null);
  };
  const onToggle = (id: string) => setSections(sections.map((s) => (s.id === id ? { ...s, isVisible: !s.isVisible } : s)));

  if (pagesQuery.isLoading || !drafts) return <Skeleton className="h-96 w-full" />;
  const store = pagesQuery.data?.store;
  const pageInfo = pagesQuery.data?.pages.find((p) => p.page === page);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4" data-testid="storefront-editor">
      <div className="flex flex-wrap items-center gap-2">
        <fieldset className="min-w-0 flex gap-1 rounded-md border p-1">
          <legend className="sr-only">{t("storefrontEditor:pages.label")}</legend>
          {STORE_PAGES.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={page === p}
              onClick={() => {
                setPage(p);
                setSelectedId(null);
              }}
              className={cn("rounded px-3 py-1.5 text-sm font-medium", page === p ? "bg-primary text-primary-foreground" : "hover:bg-accent")}
              data-testid={`page-${p}`}
            >
              {t(`storefrontEditor:pages.${p}`)}
              {dirtyPages.includes(p) ? (
                <span className="ml-1">
                  <span aria-hidden="true">•</span>
                  <span className="sr-only">{t("storefrontEditor:pages.unsaved")}</span>
                </span>
              ) : null}
            </button>
          ))}
        </fieldset>
        <Badge variant={store?.isPublished ? "default" : "secondary"} data-testid="store-status">
          {store?.isPublished ? t("storefrontEditor:status.published") : t("storefrontEditor:status.unpublished")}
        </Badge>
        {pageInfo?.hasUnpublishedChanges || dirty ? <span className="text-xs text-muted-foreground">{t("storefrontEditor:status.pendingChanges")}</span> : null}
        <div className="ml-auto flex gap-2">
          <Button variant="outline" onClick={onSave} disabled={!canEdit || save.isPending} aria-keyshortcuts="Control+S" data-testid="editor-save">
            <Save aria-hidden />
            {t("storefrontEditor:actions.save")}
          </Button>
          <Button onClick={onPublish} disabled={!canEdit || publish.isPending || save.isPending} data-testid="editor-publish">
            <Send aria-hidden />
            {t("storefrontEditor:actions.publish")}
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(22rem,28rem)_minmax(0,1fr)]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          <SectionList
            sections={sections}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onReorder={setSections}
            onToggle={onToggle}
            onDuplicate={onDuplicate}
            onDelete={onDelete}
            onAdd={onAdd}
          />
          {selected ? (
            <section className="rounded-md border p-3" aria-label={t("storefrontEditor:settings.title", { name: t(`storefrontEditor:types.${selected.type}`) })}>
              <h2 className="mb-2 text-sm font-semibold">{t("storefrontEditor:settings.title", { name: t(`storefrontEditor:types.${selected.type}`) })}</h2>
              <SectionSettingsPanel key={selected.id} section={selected} onChange={updateSection} issues={issuesOf(selected)} />
            </section>
          ) : sections.length > 0 ? (
            <p className="text-sm text-muted-foreground">{t("storefrontEditor:settings.pick")}</p>
          ) : null}
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-2 lg:sticky lg:top-4">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-sm font-semibold">{t("storefrontEditor:preview.title")}</h2>
            <fieldset className="min-w-0 flex gap-1 rounded-md border p-1">
              <legend className="sr-only">{t("storefrontEditor:preview.width")}</legend>
              {(["desktop", "mobile"] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  aria-pressed={mode === m}
                  onClick={() => setMode(m)}
                  className={cn("inline-flex items-center gap-1 rounded px-2 py-1 text-sm", mode === m ? "bg-primary text-primary-foreground" : "hover:bg-accent")}
                  data-testid={`preview-${m}`}
                >
                  {m === "desktop" ? <Monitor className="size-4" aria-hidden /> : <Smartphone className="size-4" aria-hidden />}
                  {t(`storefrontEditor:preview.${m}`)}
                </button>
              ))}
            </fieldset>
          </div>
          <SectionsPreview sections={sections} mode={mode} />
        </div>
      </div>

      <Dialog open={blocker.state === "blocked"} onOpenChange={(open) => !open && blocker.reset?.()}>
        <DialogContent closeLabel={t("storefrontEditor:leave.stay")} data-testid="leave-dialog">
          <DialogHeader>
            <DialogTitle>{t("storefrontEditor:leave.title")}</DialogTitle>
            <DialogDescription>{t("storefrontEditor:leave.description")}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => blocker.reset?.()}>
              {t("storefrontEditor:leave.stay")}
            </Button>
            <Button variant="destructive" onClick={() => blocker.proceed?.()} data-testid="leave-confirm">
              {t("storefrontEditor:leave.leave")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
