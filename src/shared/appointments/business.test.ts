import { describe, expect, it } from "vitest";
import { BM, bookingSettingsInput, businessProfileInput, defaultOpeningHours, dominicanPhone, openingHoursOrDefault, openingWindow } from "./business";

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => (r.error?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message}`);

describe("business profile rules", () => {
  it("Dominican phones: 809/829/849, with or without +1 and separators", () => {
    expect(dominicanPhone("8095550100")).toBe("809-555-0100");
    expect(dominicanPhone("(829) 555.0100")).toBe("829-555-0100");
    expect(dominicanPhone("+1 849 555 0100")).toBe("849-555-0100");
    expect(dominicanPhone("1-809-555-0100")).toBe("809-555-0100");
    expect(dominicanPhone("305-555-0100")).toBeNull();
    expect(dominicanPhone("809-555-010")).toBeNull();
    expect(dominicanPhone("809-555-0100 ext 2")).toBeNull();
  });
  it("the default week and a stored week", () => {
    const week = defaultOpeningHours();
    expect(week).toHaveLength(7);
    expect(week.filter((d) => !d.closed)).toHaveLength(6);
    expect(week[0]!.closed).toBe(true);
    expect(openingHoursOrDefault([])).toEqual(week);
    expect(openingHoursOrDefault(null)).toEqual(week);
    expect(openingWindow(week, 1)).toEqual({ start: 480, end: 1080 });
    expect(openingWindow(week, 0)).toBeNull();
  });
  it("businessProfileInput: blanks are null, values normalised, opening hours checked per day", () => {
    const base = { display_name: "Mi Negocio", opening_hours: defaultOpeningHours() };
    expect(businessProfileInput.parse({ ...base, phone: "", email: "  ", website: "minegocio.do", about: "" })).toMatchObject({ phone: null, email: null, website: "https://minegocio.do", about: null, whatsapp: null });
    const hours = defaultOpeningHours();
    hours[3] = { closed: false, open: "10:00", close: "10:00" };
    hours[4] = { closed: false, open: "08:00", close: "24:00" };
    expect(messages(businessProfileInput.safeParse({ ...base, opening_hours: hours }))).toEqual([`opening_hours.3.close:${BM.closeAfterOpen}`]);
    expect(messages(businessProfileInput.safeParse({ ...base, display_name: "" }))).toEqual([`display_name:${BM.required}`]);
    expect(messages(businessProfileInput.safeParse({ ...base, email: "a@", website: "http://nohost" }))).toEqual([`email:${BM.invalidEmail}`, `website:${BM.invalidUrl}`]);
    expect(messages(businessProfileInput.safeParse({ ...base, about: "x".repeat(2001) }))).toEqual([`about:${BM.tooLong}`]);
  });
  it("bookingSettingsInput: text digits accepted, ranges refused", () => {
    const ok = { slot_interval_minutes: "15", deposit_percent: "30", reminder_hours_before: "24", auto_confirm: false, allow_customer_cancel: true, allow_customer_reschedule: true };
    expect(bookingSettingsInput.parse(ok)).toMatchObject({ slot_interval_minutes: 15, deposit_percent: "30.00", reminder_hours_before: 24 });
    expect(messages(bookingSettingsInput.safeParse({ ...ok, slot_interval_minutes: "241" }))).toEqual([`slot_interval_minutes:${BM.slotInterval}`]);
    expect(messages(bookingSettingsInput.safeParse({ ...ok, reminder_hours_before: "169" }))).toEqual([`reminder_hours_before:${BM.reminder}`]);
    expect(messages(bookingSettingsInput.safeParse({ ...ok, deposit_percent: "-1" }))).toEqual([`deposit_percent:${BM.depositPercent}`]);
  });
});
