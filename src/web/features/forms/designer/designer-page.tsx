import { DndContext, type DragEndEvent, DragOverlay, type DragStartEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { ArrowLeft, PanelLeft, SearchX, SlidersHorizontal } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useBlocker, useNavigate, useParams } from "react-router";
import { addField, addGroup, duplicateField, findField, removeField, updateMetadata, updateSettings } from "../../../../shared/forms/designer";
import { emptyForm, type FieldType, type FormSchema, slugOf } from "../../../../shared/forms/schema";
import type { AppRouter } from "../../../app/trpc";
import { useTRPC } from "../../../app/trpc";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, SheetContent } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { isTextField } from "../../../lib/keyboard";
import { useMediaQuery } from "../../appointments/calendar/use-media-query";
import { RequirePermission } from "../../shell/guards";
import { FormRenderer } from "../renderer/form-renderer";
import { DesignCanvas } from "./canvas";
import { applyDrop, type DragRef, designerAnnouncements, designerCollisions, parseDragId } from "./dnd";
import { JsonTab } from "./json-tab";
import { FormPalette, PaletteChip } from "./palette";
import { PropertiesPanel } from "./properties-panel";
import { type AccessSettings, SettingsTab } from "./settings-tab";
import { TabList, tabPanelProps } from "./tabs";
import { DesignerToolbar } from "./toolbar";
import { type Selection, useDesignerState } from "./use-designer-state";

type FormRecord = inferRouterOutputs<AppRouter>["form"]["getById"];
type Tab = "design" | "settings" | "json";
const LIST_PATH = "/home/forms";
const WIDE_QUERY = "(min-width: 1280px)";

/** /home/forms/new and /home/forms/:id/edit: the form designer (spec 03 §2, §4, §5; issue 17 §1). */
export function FormDesignerPage() {
  const { id } = useParams();
  return <RequirePermission permission={id ? "forms.update" : "forms.create"}>{id ? <EditForm id={id} /> : <Designer form={null} />}</RequirePermission>;
}

function EditForm({ id }: { id: string }) {
  const trpc = useTRPC();
  const form = useQuery({ ...trpc.form.getById.queryOptions({ id }), meta: { silent: true }, retry: false, staleTime: 0 });
  if (form.isLoading)
    return (
      <div className="grid gap-4" data-testid="designer-loading">
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-10 w-full" />
        <div className="grid gap-4 xl:grid-cols-[14rem_1fr]">
          <Skeleton className="h-96 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      </div>
    );
  if (!form.data) return <FormNotFound />;
  return <Designer key={form.data.id} form={form.data} />;
}

function FormNotFound() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto mt-10 max-w-lg" data-testid="form-not-found">
      <CardHeader className="items-center text-center">
        <SearchX className="size-10 text-muted-foreground" />
        <CardTitle>{t("formDesigner:notFound")}</CardTitle>
        <CardDescription>{t("formDesigner:notFoundHint")}</CardDescription>
        <Button asChild variant="outline" className="mt-2">
          <Link to={LIST_PATH}>{t("formDesigner:backToList")}</Link>
        </Button>
      </CardHeader>
    </Card>
  );
}

const accessOf = (form: FormRecord | null): AccessSettings => ({ isPublic: form?.isPublic ?? false, maxSubmissions: form?.maxSubmissions ?? null, closedMessage: form?.closedMessage ?? "" });
const sameAccess = (a: AccessSettings, b: AccessSettings) => a.isPublic === b.isPublic && a.maxSubmissions === b.maxSubmissions && a.closedMessage === b.closedMessage;

function Designer({ form }: { form: FormRecord | null }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const wide = useMediaQuery(WIDE_QUERY);

  const [initial] = React.useState<FormSchema>(() => form?.schema ?? updateSettings(emptyForm(t("forms:defaults.formName")), { submitButton: { text: t("forms:defaults.submit") } }));
  const state = useDesignerState(initial);
  const { schema, selection } = state;
  const [record, setRecord] = React.useState<FormRecord | null>(form);
  const [access, setAccess] = React.useState<AccessSettings>(() => accessOf(form));
  const [saved, setSaved] = React.useState<{ schema: FormSchema; access: AccessSettings }>(() => ({ schema: initial, access: accessOf(form) }));
  const [mode, setMode] = React.useState<"edit" | "preview">("edit");
  const [tab, setTab] = React.useState<Tab>("design");
  const [nameError, setNameError] = React.useState<string>();
  const [paletteOpen, setPaletteOpen] = React.useState(false);
  const [propsOpen, setPropsOpen] = React.useState(false);
  const [dragging, setDragging] = React.useState<DragRef | null>(null);
  const canvasRef = React.useRef<HTMLElement>(null);
  const nameRef = React.useRef<HTMLInputElement>(null);

  const status = record?.status ?? "draft";
  const readOnly = status === "archived";
  const name = schema.metadata.name;
  const dirty = schema !== saved.schema || !sameAccess(access, saved.access);
  const preview = mode === "preview";

  // The selection may name a field an undo took away: then nothing is selected.
  const selected: Selection = selection?.kind === "field" ? (findField(schema, selection.key) ? selection : null) : selection?.kind === "group" ? (schema.groups.some((g) => g.id === selection.id) ? selection : null) : null;

  // ---- leaving with unsaved changes -------------------------------------------------------
  const allowLeave = React.useRef(false);
  const dirtyRef = React.useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !allowLeave.current && dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);
  React.useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  // ---- editing ------------------------------------------------------------------------------
  const fieldLabel = React.useCallback((type: FieldType) => t("forms:defaults.fieldLabel", { type: t(`forms:types.${type}`) }), [t]);
  const select = (next: Selection) => {
    state.select(next);
    if (next) setPropsOpen(true);
  };
  const addGroupNow = () => {
    const made = addGroup(schema, Date.now(), t("forms:defaults.groupName"));
    state.apply(made.schema, null, { kind: "group", id: made.groupId });
  };
  /** A palette item chosen with Enter or a click: into the selected group (or the selected field's), else the end of the last group. */
  const addFromPalette = (type: FieldType) => {
    const groupId = selected?.kind === "group" ? selected.id : selected?.kind === "field" ? schema.groups.find((g) => g.fields.some((f) => f.key === selected.key))?.id : undefined;
    const made = addField(schema, type, { now: Date.now(), groupId, label: fieldLabel(type), defaultGroupName: t("forms:defaults.defaultGroupName") });
    state.apply(made.schema, null, { kind: "field", key: made.key });
    setPaletteOpen(false);
  };
  const duplicate = (key: string) => {
    const made = duplicateField(schema, key);
    if (made) state.apply(made.schema, null, { kind: "field", key: made.key });
  };
  const remove = (key: string) => {
    state.apply((s) => removeField(s, key), null, null);
    setPropsOpen(false);
    canvasRef.current?.focus();
  };
  const setName = (value: string) => {
    state.apply((s) => updateMetadata(s, { name: value }), "form-name");
    if (value.trim() !== "") setNameError(undefined);
  };

  // ---- saving and publishing ----------------------------------------------------------------
  const create = useMutation(trpc.form.create.mutationOptions({ meta: { silent: true } }));
  const update = useMutation(trpc.form.update.mutationOptions({ meta: { silent: true } }));
  const publish = useMutation(trpc.form.publish.mutationOptions({ meta: { silent: true } }));
  const saving = create.isPending || update.isPending;

  /** A new form, once stored, continues at its own address (the guard lets this one navigation through). */
  const openStored = (stored: FormRecord) => {
    allowLeave.current = true;
    void navigate(`${LIST_PATH}/${stored.id}/edit`, { replace: true });
  };
  /** Saves the draft; the stored form, or null when the name is missing or the server refused. Publish saves quietly and moves on itself. */
  const save = async (fromPublish = false): Promise<FormRecord | null> => {
    const trimmed = name.trim();
    if (trimmed === "") {
      setNameError(t("forms:errors.nameRequired"));
      nameRef.current?.focus();
      return null;
    }
    const snapshot = schema;
    const accessNow = access;
    try {
      const stored = record
        ? await update.mutateAsync({ id: record.id, name: trimmed, description: snapshot.metadata.description ?? null, schema: snapshot, isPublic: accessNow.isPublic, maxSubmissions: accessNow.maxSubmissions, closedMessage: accessNow.closedMessage || null })
        : await create.mutateAsync({ name: trimmed, description: snapshot.metadata.description ?? null, schema: snapshot });
      setSaved({ schema: snapshot, access: accessNow });
      setRecord(stored);
      qc.setQueryData(trpc.form.getById.queryKey({ id: stored.id }), stored);
      await qc.invalidateQueries(trpc.form.getAll.pathFilter());
      if (!fromPublish) {
        toast({ title: t("formDesigner:toast.saved"), description: t("formDesigner:toast.savedDescription"), variant: "success" });
        if (!record) openStored(stored);
      }
      return stored;
    } catch (error) {
      toast({ title: t("formDesigner:toast.saveFailed"), description: error instanceof Error ? error.message : undefined, variant: "destructive" });
      return null;
    }
  };
  const publishNow = async () => {
    const stored = await save(true);
    if (!stored) return;
    try {
      const published = await publish.mutateAsync({ id: stored.id });
      setRecord(published);
      qc.setQueryData(trpc.form.getById.queryKey({ id: published.id }), published);
      await qc.invalidateQueries(trpc.form.getAll.pathFilter());
      toast({ title: t("formDesigner:toast.published"), description: t("formDesigner:toast.publishedDescription"), variant: "success" });
      if (!record) openStored(published);
    } catch (error) {
      toast({ title: t("formDesigner:toast.publishFailed"), description: error instanceof Error ? error.message : undefined, variant: "destructive" });
      if (!record) openStored(stored);
    }
  };

  // ---- keyboard shortcuts -------------------------------------------------------------------
  const keys = React.useRef({ save, undo: state.undo, redo: state.redo, remove, selected, readOnly, preview });
  keys.current = { save, undo: state.undo, redo: state.redo, remove, selected, readOnly, preview };
  React.useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const k = keys.current;
      const mod = event.ctrlKey || event.metaKey;
      const typing = isTextField(document.activeElement);
      if (mod && event.key.toLowerCase() === "s") {
        event.preventDefault();
        if (!k.readOnly) void k.save();
        return;
      }
      if (typing || k.readOnly || document.querySelector('[role="dialog"]')) return;
      if (mod && !event.shiftKey && event.key.toLowerCase() === "z") {
        event.preventDefault();
        k.undo();
      } else if (mod && ((event.shiftKey && event.key.toLowerCase() === "z") || event.key.toLowerCase() === "y")) {
        event.preventDefault();
        k.redo();
      } else if (event.key === "Delete" && k.selected?.kind === "field" && !k.preview && canvasRef.current?.contains(document.activeElement)) {
        event.preventDefault();
        k.remove(k.selected.key);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // ---- drag and drop ------------------------------------------------------------------------
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: { start: ["Space"], cancel: ["Escape"], end: ["Space", "Enter"] } }),
  );
  const schemaRef = React.useRef(schema);
  schemaRef.current = schema;
  const announcements = React.useMemo(() => designerAnnouncements(() => schemaRef.current, t), [t]);
  const onDragStart = (event: DragStartEvent) => setDragging(parseDragId(event.active.id));
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const result = applyDrop(schema, event.active.id, event.over?.id, { field: fieldLabel, defaultGroup: t("forms:defaults.defaultGroupName") }, Date.now());
    if (result) state.apply(result.schema, null, result.selectKey ? { kind: "field", key: result.selectKey } : undefined);
  };

  const showProps = !preview && tab === "design" && selected !== null;
  const palette = <FormPalette onAdd={addFromPalette} disabled={readOnly} />;
  const props = <PropertiesPanel state={{ ...state, selection: selected }} readOnly={readOnly} onDuplicate={duplicate} onRemoveField={remove} />;
  const tabs: { value: Tab; label: string }[] = [
    { value: "design", label: t("formDesigner:tabs.design") },
    { value: "settings", label: t("formDesigner:tabs.settings") },
    { value: "json", label: t("formDesigner:tabs.json") },
  ];

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={designerCollisions}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("formDesigner:dnd.instructions") } }}
    >
      <div className="grid min-w-0 gap-4" data-testid="form-designer">
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="ghost" size="icon" asChild>
            <Link to={LIST_PATH} aria-label={t("formDesigner:backToList")} title={t("formDesigner:backToList")}>
              <ArrowLeft />
            </Link>
          </Button>
          <h1 className="min-w-0 flex-1 text-2xl font-bold">{record ? t("formDesigner:editTitle") : t("formDesigner:newTitle")}</h1>
          <Badge variant={status === "published" ? "success" : status === "archived" ? "destructive" : "secondary"} data-testid="form-status" data-status={status}>
            {t(`formDesigner:status.${status}`)}
          </Badge>
          {dirty && !readOnly ? (
            <span className="text-sm text-muted-foreground" data-testid="unsaved">
              {t("formDesigner:unsaved")}
            </span>
          ) : null}
        </div>
        {readOnly ? (
          <p role="status" className="rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/10 p-3 text-sm" data-testid="form-archived">
            {t("forms:errors.archived")}
          </p>
        ) : null}

        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <Field label={t("formDesigner:name")} htmlFor="form-name" required error={nameError}>
            <Input ref={nameRef} id="form-name" value={name} onChange={(e) => setName(e.target.value)} onBlur={state.seal} disabled={readOnly} aria-invalid={!!nameError} aria-describedby={nameError ? "form-name-error" : "form-slug"} maxLength={200} data-testid="form-name" />
          </Field>
          <div className="grid gap-1.5">
            <span className="text-sm font-medium leading-none">{t("formDesigner:slug")}</span>
            <output id="form-slug" className="block h-10 truncate rounded-[var(--radius-button)] border border-dashed bg-muted/50 px-3 font-mono text-sm leading-[2.375rem]" data-testid="form-slug">
              {record ? record.slug : slugOf(name)}
            </output>
          </div>
        </div>

        <DesignerToolbar
          canUndo={state.canUndo}
          canRedo={state.canRedo}
          onUndo={state.undo}
          onRedo={state.redo}
          onAddGroup={addGroupNow}
          preview={preview}
          onTogglePreview={() => setMode(preview ? "edit" : "preview")}
          onSave={() => void save()}
          onPublish={() => void publishNow()}
          saving={saving}
          publishing={publish.isPending}
          readOnly={readOnly}
        >
          {!wide && !preview && tab === "design" ? (
            <Button variant="outline" onClick={() => setPaletteOpen(true)} disabled={readOnly} data-testid="open-palette">
              <PanelLeft />
              {t("forms:palette.title")}
            </Button>
          ) : null}
          {!wide && showProps ? (
            <Button variant="outline" onClick={() => setPropsOpen(true)} data-testid="open-properties">
              <SlidersHorizontal />
              {t("formDesigner:properties.title")}
            </Button>
          ) : null}
        </DesignerToolbar>

        {preview ? (
          <section aria-label={t("formDesigner:previewLabel")} className="min-w-0" data-testid="designer-preview">
            <FormRenderer schema={schema} mode="preview" />
          </section>
        ) : (
          <>
            <TabList id="designer" tabs={tabs} value={tab} onChange={setTab} label={t("formDesigner:tabs.label")} />
            <div {...tabPanelProps("designer", tab)} className="min-w-0 focus:outline-none">
              {tab === "design" ? (
                <div className={wide ? (showProps ? "grid grid-cols-[13rem_minmax(0,1fr)_20rem] items-start gap-4" : "grid grid-cols-[13rem_minmax(0,1fr)] items-start gap-4") : "grid gap-4"}>
                  {wide ? <div className="sticky top-2 max-h-[calc(100vh-1rem)] overflow-y-auto pe-1">{palette}</div> : null}
                  <section
                    ref={canvasRef}
                    tabIndex={-1}
                    aria-label={t("formDesigner:canvas.label")}
                    aria-keyshortcuts="Delete"
                    title={t("formDesigner:shortcuts.delete")}
                    className="min-w-0 focus:outline-none"
                    data-testid="designer-canvas"
                  >
                    <DesignCanvas schema={schema} selection={selected} dragging={dragging} readOnly={readOnly} onSelect={select} onAddGroup={addGroupNow} onDuplicate={duplicate} onRemoveField={remove} />
                  </section>
                  {wide && showProps ? (
                    <aside aria-label={t("formDesigner:properties.title")} className="sticky top-2 max-h-[calc(100vh-1rem)] overflow-y-auto rounded-[var(--radius-card)] border bg-card p-4" data-testid="properties-panel">
                      {props}
                    </aside>
                  ) : null}
                </div>
              ) : null}
              {tab === "settings" ? <SettingsTab state={state} access={access} onAccess={setAccess} readOnly={readOnly} /> : null}
              {tab === "json" ? <JsonTab schema={schema} name={name} onImport={(next) => state.apply(next, null, null)} readOnly={readOnly} /> : null}
            </div>
          </>
        )}
      </div>

      {!wide ? (
        <>
          <Dialog open={paletteOpen && !preview} onOpenChange={setPaletteOpen}>
            <SheetContent side="left" closeLabel={t("formDesigner:close")} className="max-w-xs" aria-describedby={undefined}>
              <DialogTitle className="sr-only">{t("forms:palette.title")}</DialogTitle>
              {palette}
            </SheetContent>
          </Dialog>
          <Dialog open={propsOpen && showProps} onOpenChange={setPropsOpen}>
            <SheetContent closeLabel={t("formDesigner:close")} aria-describedby={undefined} data-testid="properties-sheet">
              <DialogTitle className="sr-only">{t("formDesigner:properties.title")}</DialogTitle>
              {props}
            </SheetContent>
          </Dialog>
        </>
      ) : null}

      <DragOverlay dropAnimation={null}>{dragging?.kind === "palette" ? <PaletteChip type={dragging.type} /> : null}</DragOverlay>

      <Dialog open={blocker.state === "blocked"} onOpenChange={(open) => !open && blocker.reset?.()}>
        <DialogContent closeLabel={t("formDesigner:close")} data-testid="leave-dialog">
          <DialogHeader>
            <DialogTitle>{t("formDesigner:leave.title")}</DialogTitle>
            <DialogDescription>{t("formDesigner:leave.description")}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => blocker.reset?.()}>
              {t("formDesigner:leave.stay")}
            </Button>
            <Button variant="destructive" onClick={() => blocker.proceed?.()} data-testid="leave-confirm">
              {t("formDesigner:leave.leave")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </DndContext>
  );
}
