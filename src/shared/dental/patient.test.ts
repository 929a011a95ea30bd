import { describe, expect, it } from "vitest";
import { activeConditions, ageOn, displayIdentification, fileNumber, identificationIssue, identificationKind, PATIENT_MESSAGES, parseFileNumber, patientCreateInput } from "./patient";

describe("patient rules", () => {
  it("checks an 11-digit identification as a cédula and accepts a passport", () => {
    expect(identificationIssue("001-1391820-5")).toBeNull();
    expect(identificationIssue("00113918206")).toBe(PATIENT_MESSAGES.invalidCedula);
    expect(identificationIssue("PA1234567")).toBeNull();
    expect(identificationKind("PA1234567")).toBe("passport");
    expect(identificationKind("001-1391820-5")).toBe("cedula");
    expect(identificationIssue("a b")).toBe(PATIENT_MESSAGES.invalidIdentification);
    expect(displayIdentification("00113918205")).toBe("001-1391820-5");
    expect(displayIdentification("PA1234567")).toBe("PA1234567");
  });

  it("parses the form: lists trimmed and unique, empty groups as null", () => {
    const v = patientCreateInput.parse({ name: " Ana ", identification: "001-1391820-5", allergies: ["Penicilina", " penicilina ", "", "Penicilina"], insurance: { provider: "" }, emergencyContact: { name: "Luis" } });
    expect(v.name).toBe("Ana");
    expect(v.identification).toBe("00113918205");
    expect(v.allergies).toEqual(["Penicilina", "penicilina"]);
    expect(v.insurance).toBeNull();
    expect(v.emergencyContact?.name).toBe("Luis");
    expect(v.conditions).toEqual({ diabetes: false, hypertension: false, heartProblems: false, pregnancy: false, other: null });
    expect(v.status).toBe("active");
  });

  it("refuses a bad cédula, no name and a bad date with their messages", () => {
    const r = patientCreateInput.safeParse({ name: "", identification: "00113918206", birthDate: "2026-02-30" });
    const messages = r.error?.issues.map((i) => i.message);
    expect(messages).toContain(PATIENT_MESSAGES.nameRequired);
    expect(messages).toContain(PATIENT_MESSAGES.invalidCedula);
    expect(messages).toContain(PATIENT_MESSAGES.invalidDate);
  });

  it("numbers files, reads them back and counts age in whole years", () => {
    expect(fileNumber(7)).toBe("HC-0007");
    expect(parseFileNumber("HC-0007")).toBe(7);
    expect(parseFileNumber("hc7")).toBe(7);
    expect(parseFileNumber("Ana")).toBeNull();
    expect(ageOn("1990-06-15", "2026-06-14")).toBe(35);
    expect(ageOn("1990-06-15", "2026-06-15")).toBe(36);
    expect(ageOn(null, "2026-06-15")).toBeNull();
    expect(activeConditions({ diabetes: true, pregnancy: true })).toEqual(["diabetes", "pregnancy"]);
  });
});
