import { describe, expect, it } from "vitest";
import { ageOn, annotationsSchema, canMoveLabOrder, canMovePrescription, createDocumentInput, createLabOrderInput, dentalFileName, isLabOrderOverdue, nextLabOrderStatuses, updateXrayInput } from "./files";

describe("x-ray annotations", () => {
  const arrow = { id: "a", kind: "arrow", color: "#ef4444", x1: 0, y1: 0.5, x2: 1, y2: 0.25 };
  it("takes arrows, ellipses, freehand lines and text labels in 0–1 image coordinates", () => {
    const shapes = [
      arrow,
      { id: "e", kind: "ellipse", color: "#22c55e", cx: 0.5, cy: 0.5, rx: 0.2, ry: 0.1 },
      { id: "l", kind: "line", color: "#3b82f6", points: [[0, 0], [0.5, 0.5]] },
      { id: "t", kind: "text", color: "#ffffff", x: 0.3, y: 0.3, text: "  Caries 36 " },
    ];
    const parsed = annotationsSchema.parse(shapes);
    expect(parsed).toHaveLength(4);
    expect(parsed[3]).toMatchObject({ text: "Caries 36" });
  });
  it("refuses coordinates off the image, unknown kinds and colours, extra fields, too many shapes and points", () => {
    expect(annotationsSchema.safeParse([{ ...arrow, x2: 1.01 }]).success).toBe(false);
    expect(annotationsSchema.safeParse([{ ...arrow, y1: -0.1 }]).success).toBe(false);
    expect(annotationsSchema.safeParse([{ ...arrow, x1: Number.NaN }]).success).toBe(false);
    expect(annotationsSchema.safeParse([{ ...arrow, kind: "polygon" }]).success).toBe(false);
    expect(annotationsSchema.safeParse([{ ...arrow, color: "red" }]).success).toBe(false);
    expect(annotationsSchema.safeParse([{ ...arrow, onclick: "x" }]).success).toBe(false);
    expect(annotationsSchema.safeParse([{ id: "t", kind: "text", color: "#ffffff", x: 0, y: 0, text: "" }]).success).toBe(false);
    expect(annotationsSchema.safeParse([{ id: "t", kind: "text", color: "#ffffff", x: 0, y: 0, text: "a\u0000b" }]).success).toBe(false);
    expect(annotationsSchema.safeParse([{ id: "l", kind: "line", color: "#3b82f6", points: [[0, 0]] }]).success).toBe(false);
    expect(annotationsSchema.safeParse([{ id: "l", kind: "line", color: "#3b82f6", points: Array.from({ length: 401 }, () => [0.1, 0.1]) }]).success).toBe(false);
    expect(annotationsSchema.safeParse(Array.from({ length: 101 }, (_, i) => ({ ...arrow, id: `a${i}` }))).success).toBe(false);
    expect(annotationsSchema.safeParse(Array.from({ length: 100 }, (_, i) => ({ ...arrow, id: `a${i}` }))).success).toBe(true);
  });
});

describe("lab orders", () => {
  it("is overdue when due before today and still open", () => {
    expect(isLabOrderOverdue({ dueDate: "2026-03-01", status: "pending" }, "2026-03-02")).toBe(true);
    expect(isLabOrderOverdue({ dueDate: "2026-03-01", status: "in_progress" }, "2026-03-02")).toBe(true);
    expect(isLabOrderOverdue({ dueDate: "2026-03-02", status: "sent" }, "2026-03-02")).toBe(false);
    expect(isLabOrderOverdue({ dueDate: "2026-03-01", status: "completed" }, "2026-03-02")).toBe(false);
    expect(isLabOrderOverdue({ dueDate: "2026-03-01", status: "cancelled" }, "2026-03-02")).toBe(false);
  });
  it("moves pending → sent → in progress → completed, sent → completed, any open → cancelled; closed is final", () => {
    expect(canMoveLabOrder("pending", "sent")).toBe(true);
    expect(canMoveLabOrder("sent", "in_progress")).toBe(true);
    expect(canMoveLabOrder("in_progress", "completed")).toBe(true);
    expect(canMoveLabOrder("sent", "completed")).toBe(true);
    expect(canMoveLabOrder("pending", "completed")).toBe(false);
    expect(canMoveLabOrder("in_progress", "sent")).toBe(false);
    for (const s of ["pending", "sent", "in_progress"] as const) expect(canMoveLabOrder(s, "cancelled")).toBe(true);
    expect(nextLabOrderStatuses("completed")).toEqual([]);
    expect(nextLabOrderStatuses("cancelled")).toEqual([]);
  });
  it("validates the order: required laboratory and type, FDI teeth (sorted, once), money cost", () => {
    const ok = createLabOrderInput.parse({ patientId: "0190a5b0-0000-7000-8000-000000000001", laboratory: " Lab ", orderType: "Corona", teeth: [37, 36, 36], dueDate: "2026-05-01", cost: "1,250.5" });
    expect(ok).toMatchObject({ laboratory: "Lab", teeth: [36, 37], cost: "1250.50", specifications: null });
    expect(createLabOrderInput.safeParse({ ...ok, teeth: [10] }).success).toBe(false);
    expect(createLabOrderInput.safeParse({ ...ok, teeth: [55] }).success).toBe(true);
  });
});

describe("x-ray updates", () => {
  it("change only what they name (teeth stay when not sent)", () => {
    const id = "0190a5b0-0000-7000-8000-000000000001";
    expect(updateXrayInput.parse({ id, findings: "Caries" })).toEqual({ id, findings: "Caries" });
    expect(updateXrayInput.parse({ id, teeth: [37, 36] })).toEqual({ id, teeth: [36, 37] });
  });
});

describe("prescriptions", () => {
  it("go from active to completed or cancelled, and no further", () => {
    expect(canMovePrescription("active", "completed")).toBe(true);
    expect(canMovePrescription("active", "cancelled")).toBe(true);
    expect(canMovePrescription("completed", "cancelled")).toBe(false);
    expect(canMovePrescription("cancelled", "active")).toBe(false);
    expect(canMovePrescription("active", "active")).toBe(false);
  });
});

describe("files", () => {
  it("knows a dental file url and refuses anything else", () => {
    expect(dentalFileName("/api/dental/files/0190a5b0-0000-7000-8000-000000000001.png")).toBe("0190a5b0-0000-7000-8000-000000000001.png");
    expect(dentalFileName("/api/files/0190a5b0-0000-7000-8000-000000000001.png")).toBeNull();
    expect(dentalFileName("/api/dental/files/../x.png")).toBeNull();
    expect(dentalFileName("/api/dental/files/0190a5b0-0000-7000-8000-000000000001.exe")).toBeNull();
  });
  it("a document needs its file and its type", () => {
    const base = { patientId: "0190a5b0-0000-7000-8000-000000000001", name: "Consentimiento", fileUrl: "/api/dental/files/0190a5b0-0000-7000-8000-000000000001.pdf" };
    expect(createDocumentInput.safeParse({ ...base, type: "consent" }).success).toBe(true);
    expect(createDocumentInput.safeParse(base).success).toBe(false);
    expect(createDocumentInput.safeParse({ ...base, type: "consent", fileUrl: "" }).success).toBe(false);
  });
  it("computes the age on a date", () => {
    expect(ageOn("1990-06-15", "2026-06-14")).toBe(35);
    expect(ageOn("1990-06-15", "2026-06-15")).toBe(36);
    expect(ageOn(null, "2026-06-15")).toBeNull();
  });
});
