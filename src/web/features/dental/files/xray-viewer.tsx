import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowUpRight, Circle, MousePointer2, PenLine, RotateCcw, Trash2, Type, Undo2, ZoomIn, ZoomOut } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import type { XrayType } from "../../../../shared/dental/constants";
import { ANNOTATION_COLORS, ANNOTATION_LIMITS, type Annotation, type AnnotationKind } from "../../../../shared/dental/files";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { formatDate } from "../../../lib/dates";
import { cn } from "../../../lib/utils";
import { teethText, textareaClass } from "./common";
import { AnnotatedImage, type ImageSize, ShapeSvg } from "./xray-image";

export interface XrayView {
  id: string;
  type: XrayType;
  fileUrl: string;
  fileName: string;
  teeth: number[];
  findings: string | null;
  annotations: Annotation[];
  takenBy: string | null;
  takenAt: string;
  patientName: string;
}

type Tool = "select" | AnnotationKind;
const TOOLS: { tool: Tool; icon: typeof Circle }[] = [
  { tool: "select", icon: MousePointer2 },
  { tool: "arrow", icon: ArrowUpRight },
  { tool: "ellipse", icon: Circle },
  { tool: "line", icon: PenLine },
  { tool: "text", icon: Type },
];
const ZOOMS = [1, 1.5, 2, 3, 4] as const;

let seq = 0;
const shapeId = (kind: string) => `${kind}-${Date.now().toString(36)}-${(seq++).toString(36)}`;
const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 10_000) / 10_000));

/** The x-ray viewer and annotation editor: tools, colours, undo, delete a shape, zoom, findings; saved with dental.updateXray. */
export function XrayViewer({ xray, onClose }: { xray: XrayView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [shapes, setShapes] = React.useState<Annotation[]>(xray.annotations);
  const [history, setHistory] = React.useState<Annotation[][]>([]);
  const [tool, setTool] = React.useState<Tool>("arrow");
  const [color, setColor] = React.useState<(typeof ANNOTATION_COLORS)[number]>(ANNOTATION_COLORS[0]);
  const [label, setLabel] = React.useState("");
  const [zoom, setZoom] = React.useState<number>(1);
  const [selected, setSelected] = React.useState<string | null>(null);
  const [draft, setDraft] = React.useState<Annotation | null>(null);
  const [findings, setFindings] = React.useState(xray.findings ?? "");
  const [size, setSize] = React.useState<ImageSize | null>(null);
  const start = React.useRef<[number, number] | null>(null);
  const svg = React.useRef<SVGSVGElement>(null);
  const labelInput = React.useRef<HTMLInputElement>(null);
  // The enlarged image scrolls: a named region the keyboard can scroll too (as the tables do, WCAG 2.1.1).
  const stageRegion = { role: "region", "aria-label": t("dentalFiles:xrays.stage"), tabIndex: 0 };
  const dirty = findings !== (xray.findings ?? "") || JSON.stringify(shapes) !== JSON.stringify(xray.annotations);

  const save = useMutation(
    trpc.dental.updateXray.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.dental.getXrays.pathFilter());
        toast({ variant: "success", title: t("dentalFiles:xrays.saved") });
        onClose();
      },
    }),
  );

  const commit = (next: Annotation[]) => {
    setHistory((h) => [...h.slice(-49), shapes]);
    setShapes(next);
  };
  const undo = () => {
    const previous = history.at(-1);
    if (!previous) return;
    setHistory((h) => h.slice(0, -1));
    setShapes(previous);
    setSelected(null);
  };
  const remove = () => {
    if (!selected) return;
    commit(shapes.filter((s) => s.id !== selected));
    setSelected(null);
  };

  const point = (e: React.PointerEvent): [number, number] => {
    const r = svg.current!.getBoundingClientRect();
    return [clamp((e.clientX - r.left) / r.width), clamp((e.clientY - r.top) / r.height)];
  };
  const full = shapes.length >= ANNOTATION_LIMITS.shapes;

  const onDown = (e: React.PointerEvent<SVGSVGElement>) => {
    if (tool === "select") return setSelected(null);
    if (full) return toast({ variant: "destructive", title: t("dentalFiles:errors.tooManyShapes") });
    const [x, y] = point(e);
    if (tool === "text") {
      const text = label.trim();
      if (!text) {
        labelInput.current?.focus();
        return toast({ title: t("dentalFiles:xrays.labelFirst") });
      }
      commit([...shapes, { id: shapeId("text"), kind: "text", color, x, y, text: text.slice(0, ANNOTATION_LIMITS.text) }]);
      return;
    }
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = [x, y];
    if (tool === "arrow") setDraft({ id: shapeId("arrow"), kind: "arrow", color, x1: x, y1: y, x2: x, y2: y });
    if (tool === "ellipse") setDraft({ id: shapeId("ellipse"), kind: "ellipse", color, cx: x, cy: y, rx: 0, ry: 0 });
    if (tool === "line") setDraft({ id: shapeId("line"), kind: "line", color, points: [[x, y]] });
  };
  const onMove = (e: React.PointerEvent<SVGSVGElement>) => {
    if (!draft || !start.current) return;
    const [x, y] = point(e);
    const [x0, y0] = start.current;
    if (draft.kind === "arrow") setDraft({ ...draft, x2: x, y2: y });
    if (draft.kind === "ellipse") setDraft({ ...draft, cx: clamp((x0 + x) / 2), cy: clamp((y0 + y) / 2), rx: clamp(Math.abs(x - x0) / 2), ry: clamp(Math.abs(y - y0) / 2) });
    if (draft.kind === "line") {
      const last = draft.points.at(-1)!;
      if (draft.points.length < ANNOTATION_LIMITS.points && Math.hypot(x - last[0], y - last[1]) > 0.004) setDraft({ ...draft, points: [...draft.points, [x, y]] });
    }
  };
  const onUp = () => {
    if (!draft) return;
    const big =
      (draft.kind === "arrow" && Math.hypot(draft.x2 - draft.x1, draft.y2 - draft.y1) > 0.01) ||
      (draft.kind === "ellipse" && draft.rx + draft.ry > 0.005) ||
      (draft.kind === "line" && draft.points.length >= 2);
    if (big) commit([...shapes, draft]);
    setDraft(null);
    start.current = null;
  };

  const onKey = (e: React.KeyboardEvent) => {
    if ((e.target as HTMLElement).closest("input, textarea")) return;
    if ((e.key === "Delete" || e.key === "Backspace") && selected) {
      e.preventDefault();
      remove();
    }
    if (e.key.toLowerCase() === "z" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      undo();
    }
  };

  return (
    <DialogContent closeLabel={t("dentalFiles:actions.close")} className="flex max-h-[96vh] w-[calc(100vw-1rem)] max-w-6xl flex-col gap-3 overflow-y-auto p-3 sm:p-5" onKeyDown={onKey} data-testid="xray-viewer">
      <DialogHeader className="pr-8">
        <DialogTitle>
          {t(`dentalFiles:xrayType.${xray.type}`)} · {formatDate(xray.takenAt, i18n.language)}
        </DialogTitle>
        <DialogDescription>
          {xray.patientName} · {t("dentalFiles:columns.teeth")}: {teethText(xray.teeth)}
          {xray.takenBy ? ` · ${t("dentalFiles:xrays.takenByName", { name: xray.takenBy })}` : ""}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t("dentalFiles:xrays.toolbar")}>
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t("dentalFiles:xrays.tools")}</legend>
          {TOOLS.map(({ tool: key, icon: Icon }) => (
            <Button key={key} type="button" size="icon" variant={tool === key ? "default" : "outline"} aria-pressed={tool === key} aria-label={t(`dentalFiles:xrays.tool.${key}`)} title={t(`dentalFiles:xrays.tool.${key}`)} onClick={() => setTool(key)} data-testid={`tool-${key}`}>
              <Icon />
            </Button>
          ))}
        </fieldset>
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t("dentalFiles:xrays.color")}</legend>
          {ANNOTATION_COLORS.map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={color === c}
              aria-label={t(`dentalFiles:xrays.colors.${c.slice(1)}`)}
              title={t(`dentalFiles:xrays.colors.${c.slice(1)}`)}
              onClick={() => setColor(c)}
              className={cn("size-8 rounded-full border-2 focus-visible:outline-2 focus-visible:outline-ring", color === c ? "border-foreground ring-2 ring-ring" : "border-muted")}
              style={{ backgroundColor: c }}
            />
          ))}
        </fieldset>
        {tool === "text" ? (
          <div className="flex min-w-44 flex-1 items-center gap-2 sm:flex-none">
            <Label htmlFor="xray-label" className="sr-only">
              {t("dentalFiles:xrays.labelText")}
            </Label>
            <Input id="xray-label" ref={labelInput} value={label} maxLength={ANNOTATION_LIMITS.text} onChange={(e) => setLabel(e.target.value)} placeholder={t("dentalFiles:xrays.labelText")} data-testid="xray-label" />
          </div>
        ) : null}
        <div className="flex gap-1">
          <Button type="button" size="icon" variant="outline" onClick={undo} disabled={history.length === 0} aria-label={t("dentalFiles:xrays.undo")} title={t("dentalFiles:xrays.undo")} data-testid="xray-undo">
            <Undo2 />
          </Button>
          <Button type="button" size="icon" variant="outline" onClick={remove} disabled={!selected} aria-label={t("dentalFiles:xrays.deleteShape")} title={t("dentalFiles:xrays.deleteShape")} data-testid="xray-delete-shape">
            <Trash2 />
          </Button>
        </div>
        <div className="flex items-center gap-1 sm:ml-auto">
          <Button type="button" size="icon" variant="outline" onClick={() => setZoom((z) => ZOOMS[Math.max(0, ZOOMS.indexOf(z as never) - 1)]!)} disabled={zoom === 1} aria-label={t("dentalFiles:xrays.zoomOut")} title={t("dentalFiles:xrays.zoomOut")}>
            <ZoomOut />
          </Button>
          <span className="w-12 text-center text-sm tabular-nums" aria-live="polite" data-testid="xray-zoom">
            {Math.round(zoom * 100)}%
          </span>
          <Button type="button" size="icon" variant="outline" onClick={() => setZoom((z) => ZOOMS[Math.min(ZOOMS.length - 1, ZOOMS.indexOf(z as never) + 1)]!)} disabled={zoom === 4} aria-label={t("dentalFiles:xrays.zoomIn")} title={t("dentalFiles:xrays.zoomIn")} data-testid="xray-zoom-in">
            <ZoomIn />
          </Button>
          <Button type="button" size="icon" variant="outline" onClick={() => setZoom(1)} disabled={zoom === 1} aria-label={t("dentalFiles:xrays.zoomReset")} title={t("dentalFiles:xrays.zoomReset")}>
            <RotateCcw />
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{t(`dentalFiles:xrays.hint.${tool}`)}</p>
      <div className="max-h-[60vh] min-h-40 overflow-auto rounded-md border bg-black focus-visible:outline-2 focus-visible:outline-ring" {...stageRegion} data-testid="xray-stage">
        <div style={{ width: size ? `calc(${zoom} * min(100%, ${((60 * size.w) / size.h).toFixed(2)}vh))` : `${zoom * 100}%` }} className="mx-auto">
          <AnnotatedImage
            src={xray.fileUrl}
            alt={t("dentalFiles:xrays.imageAlt", { type: t(`dentalFiles:xrayType.${xray.type}`), date: xray.takenAt })}
            annotations={shapes}
            onSize={setSize}
            svgRef={svg}
            selectedId={selected}
            onSelect={tool === "select" ? setSelected : undefined}
            svgProps={{
              onPointerDown: onDown,
              onPointerMove: onMove,
              onPointerUp: onUp,
              onPointerCancel: onUp,
              style: { cursor: tool === "select" ? "default" : "crosshair", touchAction: "none" },
            }}
          >
            {draft && size ? <ShapeSvg shape={draft} size={size} /> : null}
          </AnnotatedImage>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="xray-findings">{t("dentalFiles:xrays.fields.findings")}</Label>
        <textarea id="xray-findings" className={textareaClass} rows={2} value={findings} onChange={(e) => setFindings(e.target.value)} data-testid="xray-findings" />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span className="mr-auto text-xs text-muted-foreground" data-testid="xray-shape-count">
          {t("dentalFiles:xrays.shapeCount", { count: shapes.length })}
        </span>
        <Button type="button" variant="outline" onClick={onClose}>
          {t("dentalFiles:actions.close")}
        </Button>
        <Button type="button" onClick={() => save.mutate({ id: xray.id, findings, annotations: shapes })} disabled={!dirty || save.isPending} data-testid="xray-save">
          {t("dentalFiles:xrays.save")}
        </Button>
      </div>
    </DialogContent>
  );
}
