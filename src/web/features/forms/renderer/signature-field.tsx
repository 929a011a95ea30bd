import { Eraser } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import type { FieldProps } from "./field-props";

/** The canvas's drawing size; it is shown at the card's width and pointer positions are scaled to it. */
const WIDTH = 600;
const HEIGHT = 200;

/**
 * signature (§9): a canvas drawn with a black 2 px round line by mouse, finger or pen (pointer
 * events), exported as a PNG data URL after each stroke; Clear empties it. Keyboard users read
 * that a signature needs a pointer; the field still validates (required gives its message).
 */
export function SignatureField(p: FieldProps) {
  const { t } = useTranslation();
  const canvas = React.useRef<HTMLCanvasElement>(null);
  const drawing = React.useRef(false);
  const last = React.useRef<{ x: number; y: number } | null>(null);
  const blocked = p.field.disabled || p.field.readOnly;
  const signed = typeof p.value === "string" && p.value !== "";

  // A value set from outside (a reset) that is empty clears the drawing.
  React.useEffect(() => {
    if (signed) return;
    const ctx = canvas.current?.getContext("2d");
    ctx?.clearRect(0, 0, WIDTH, HEIGHT);
  }, [signed]);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - rect.left) / rect.width) * WIDTH, y: ((e.clientY - rect.top) / rect.height) * HEIGHT };
  };
  const pen = () => {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx) return null;
    ctx.strokeStyle = "#000000";
    ctx.fillStyle = "#000000";
    ctx.lineWidth = 2;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    return ctx;
  };

  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (blocked) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const at = point(e);
    last.current = at;
    const ctx = pen();
    // A tap leaves a dot.
    ctx?.beginPath();
    ctx?.arc(at.x, at.y, 1, 0, Math.PI * 2);
    ctx?.fill();
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !last.current) return;
    const ctx = pen();
    if (!ctx) return;
    const at = point(e);
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(at.x, at.y);
    ctx.stroke();
    last.current = at;
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    last.current = null;
    const data = canvas.current?.toDataURL("image/png");
    if (data) p.onChange(data);
  };
  const clear = () => {
    canvas.current?.getContext("2d")?.clearRect(0, 0, WIDTH, HEIGHT);
    p.onChange("");
  };

  return (
    <div className="grid max-w-xl gap-2">
      <canvas
        ref={canvas}
        id={p.id}
        width={WIDTH}
        height={HEIGHT}
        tabIndex={0}
        role="img"
        aria-labelledby={`${p.id}-label`}
        aria-describedby={[`${p.id}-pointer`, p.describedBy].filter(Boolean).join(" ")}
        aria-invalid={p.invalid || undefined}
        data-signed={signed ? "true" : "false"}
        className={cn("aspect-[3/1] w-full touch-none rounded-[var(--radius-button)] border border-dashed border-input bg-white focus-visible:outline-2 focus-visible:outline-ring", p.invalid && "border-destructive", blocked ? "cursor-not-allowed opacity-50" : "cursor-crosshair")}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${p.id}-pointer`} className="text-xs text-muted-foreground">
          {t(signed ? "formRenderer:signature.signed" : "formRenderer:signature.pointerNote")}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={blocked || !signed}>
          <Eraser aria-hidden />
          {t("formRenderer:signature.clear")}
        </Button>
      </div>
    </div>
  );
}
