import * as React from "react";
import type { Annotation } from "../../../../shared/dental/files";
import { cn } from "../../../lib/utils";

/**
 * An x-ray with its annotations drawn over it: an SVG the size of the image's own pixels
 * (viewBox = natural width × height), each shape stored in 0–1 coordinates scaled by them, so the
 * drawing is identical at any display size and zoom.
 */

export interface ImageSize {
  w: number;
  h: number;
}

const ARROW_HEAD = 0.035;

function arrowHead(a: Extract<Annotation, { kind: "arrow" }>, size: ImageSize): string {
  const x1 = a.x1 * size.w;
  const y1 = a.y1 * size.h;
  const x2 = a.x2 * size.w;
  const y2 = a.y2 * size.h;
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const len = Math.max(size.w, size.h) * ARROW_HEAD;
  const left = [x2 - len * Math.cos(angle - Math.PI / 7), y2 - len * Math.sin(angle - Math.PI / 7)];
  const right = [x2 - len * Math.cos(angle + Math.PI / 7), y2 - len * Math.sin(angle + Math.PI / 7)];
  return `${x2},${y2} ${left[0]},${left[1]} ${right[0]},${right[1]}`;
}

/** One shape as SVG elements in the image's pixel space. */
export function ShapeSvg({ shape, size, selected, onSelect }: { shape: Annotation; size: ImageSize; selected?: boolean; onSelect?: (id: string) => void }) {
  const stroke = Math.max(size.w, size.h) * 0.005;
  const common = {
    stroke: shape.color,
    strokeWidth: selected ? stroke * 2 : stroke,
    fill: "none",
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
    "data-shape": shape.kind,
    "data-shape-id": shape.id,
    style: onSelect ? { cursor: "pointer", pointerEvents: "visiblePainted" as const } : undefined,
    onPointerDown: onSelect
      ? (e: React.PointerEvent) => {
          e.stopPropagation();
          onSelect(shape.id);
        }
      : undefined,
  };
  switch (shape.kind) {
    case "arrow":
      return (
        <g {...common}>
          <line x1={shape.x1 * size.w} y1={shape.y1 * size.h} x2={shape.x2 * size.w} y2={shape.y2 * size.h} />
          <polygon points={arrowHead(shape, size)} fill={shape.color} />
        </g>
      );
    case "ellipse":
      return <ellipse {...common} cx={shape.cx * size.w} cy={shape.cy * size.h} rx={Math.max(shape.rx * size.w, 1)} ry={Math.max(shape.ry * size.h, 1)} />;
    case "line":
      return <polyline {...common} points={shape.points.map(([x, y]) => `${x * size.w},${y * size.h}`).join(" ")} />;
    case "text":
      return (
        <text
          {...common}
          x={shape.x * size.w}
          y={shape.y * size.h}
          fill={shape.color}
          stroke="#000000"
          strokeWidth={stroke * 0.4}
          paintOrder="stroke"
          fontSize={Math.max(size.w, size.h) * 0.028}
          textAnchor={shape.x > 0.6 ? "end" : "start"}
          fontFamily="sans-serif"
          fontWeight={700}
          textDecoration={selected ? "underline" : undefined}
        >
          {shape.text}
        </text>
      );
  }
}

/** The image with its annotations (read-only): thumbnails and the viewer. */
export function AnnotatedImage({
  src,
  alt,
  annotations,
  className,
  imgClassName,
  children,
  onSize,
  svgRef,
  svgProps,
  selectedId,
  onSelect,
}: {
  src: string;
  alt: string;
  annotations: readonly Annotation[];
  className?: string;
  imgClassName?: string;
  children?: React.ReactNode;
  onSize?: (size: ImageSize) => void;
  svgRef?: React.Ref<SVGSVGElement>;
  svgProps?: React.SVGProps<SVGSVGElement>;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
}) {
  const [size, setSize] = React.useState<ImageSize | null>(null);
  return (
    <div className={cn("relative", className)}>
      <img
        src={src}
        alt={alt}
        className={cn("block h-auto w-full select-none", imgClassName)}
        draggable={false}
        onLoad={(e) => {
          const next = { w: e.currentTarget.naturalWidth || 1, h: e.currentTarget.naturalHeight || 1 };
          setSize(next);
          onSize?.(next);
        }}
      />
      {size ? (
        <svg ref={svgRef} viewBox={`0 0 ${size.w} ${size.h}`} className="absolute inset-0 h-full w-full" aria-hidden data-testid="xray-annotations" data-count={annotations.length} {...svgProps}>
          {annotations.map((a) => (
            <ShapeSvg key={a.id} shape={a} size={size} selected={selectedId === a.id} onSelect={onSelect} />
          ))}
          {children}
        </svg>
      ) : null}
    </div>
  );
}
