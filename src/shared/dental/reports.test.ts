import { describe, expect, it } from "vitest";
import { acceptanceRate, type DentalReport, EMPTY_FIGURES, fillPeriods, periodStart, periodsBetween, reportCsv, reportInput } from "./reports";

describe("dental report periods", () => {
  it("a period starts on the day, the Monday or the 1st", () => {
    expect(periodStart("2026-11-27", "day")).toBe("2026-11-27");
    expect(periodStart("2026-11-27", "week")).toBe("2026-11-23");
    expect(periodStart("2026-11-23", "week")).toBe("2026-11-23");
    expect(periodStart("2026-11-29", "week")).toBe("2026-11-23");
    expect(periodStart("2026-11-27", "month")).toBe("2026-11-01");
  });

  it("lists every period of a range, across a year's end", () => {
    expect(periodsBetween("2026-11-15", "2027-02-01", "month")).toEqual(["2026-11-01", "2026-12-01", "2027-01-01", "2027-02-01"]);
    expect(periodsBetween("2026-12-30", "2027-01-02", "day")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(periodsBetween("2026-11-25", "2026-12-07", "week")).toEqual(["2026-11-23", "2026-11-30", "2026-12-07"]);
  });

  it("fills the missing periods with zeros", () => {
    const filled = fillPeriods("2026-01-01", "2026-03-31", "month", [{ period: "2026-02-01", ...EMPTY_FIGURES, patientsSeen: 4 }]);
    expect(filled.map((p) => [p.period, p.patientsSeen])).toEqual([
      ["2026-01-01", 0],
      ["2026-02-01", 4],
      ["2026-03-01", 0],
    ]);
  });

  it("the input refuses a reversed range, more than two years and impossible dates", () => {
    expect(reportInput.safeParse({ from: "2026-01-01", to: "2026-12-31" }).data).toEqual({ from: "2026-01-01", to: "2026-12-31", groupBy: "month" });
    expect(reportInput.safeParse({ from: "2026-02-01", to: "2026-01-01" }).success).toBe(false);
    expect(reportInput.safeParse({ from: "2024-01-01", to: "2026-01-02" }).success).toBe(false);
    expect(reportInput.safeParse({ from: "2026-02-30", to: "2026-03-01" }).success).toBe(false);
  });

  it("acceptance rate in percent with one decimal", () => {
    expect(acceptanceRate(3, 2)).toBe("66.7");
    expect(acceptanceRate(0, 0)).toBeNull();
    expect(acceptanceRate(4, 4)).toBe("100.0");
  });
});

describe("report CSV", () => {
  it("rows per period, a totals row and revenue by procedure; quotes commas and neutralises formulas", () => {
    const report: DentalReport = {
      from: "2026-11-01",
      to: "2026-11-30",
      groupBy: "month",
      periods: [{ period: "2026-11-01", ...EMPTY_FIGURES, patientsSeen: 2, revenue: "21500.00" }],
      totals: { ...EMPTY_FIGURES, patientsSeen: 2, revenue: "21500.00" },
      revenueByProcedure: [
        { procedureTypeId: "x", code: "COR", name: "Corona, porcelana", count: 1, revenue: "18000.00" },
        { procedureTypeId: "y", code: "X", name: "=HYPERLINK()", count: 1, revenue: "3500.00" },
      ],
      treatmentsByStatus: [],
    };
    const labels = { period: "Periodo", total: "Total", procedure: "Procedimiento", code: "Código", count: "Cantidad", revenue: "Ingresos", patientsSeen: "Pacientes atendidos", newPatients: "Pacientes nuevos", proceduresDone: "Procedimientos realizados", plansProposed: "Planes propuestos", plansAccepted: "Planes aceptados", labOrders: "Órdenes de laboratorio" };
    expect(reportCsv(report, labels).split("\r\n")).toEqual([
      "Periodo,Pacientes atendidos,Pacientes nuevos,Procedimientos realizados,Ingresos,Planes propuestos,Planes aceptados,Órdenes de laboratorio",
      "2026-11-01,2,0,0,21500.00,0,0,0",
      "Total,2,0,0,21500.00,0,0,0",
      "",
      "Código,Procedimiento,Cantidad,Ingresos",
      'COR,"Corona, porcelana",1,18000.00',
      "X,'=HYPERLINK(),1,3500.00",
      "",
    ]);
  });
});
