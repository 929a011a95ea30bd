import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";
import { ncfRanges } from "./tables";

let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
const NEXT_YEAR_END = `${new Date().getUTCFullYear() + 1}-12-31`;

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
});
afterAll(() => t.close());

async function typeOf(code: string) {
  return (await owner.ncf.getAllTypes.query()).find((x) => x.code === code)!;
}

describe("NCF types and their DGII authorizations", () => {
  it("lists every type of dr-fiscal.md with its ranges, used and remaining", async () => {
    const all = await owner.ncf.getAllTypes.query();
    expect(all.map((x) => x.code)).toEqual(["B01", "B02", "B03", "B04", "B11", "B12", "B13", "B14", "B15", "B16", "B17"]);
    const b01 = all.find((x) => x.code === "B01")!;
    expect(b01.ranges).toHaveLength(1);
    expect(b01.ranges[0]).toMatchObject({ rangeFrom: 1, rangeTo: 500, used: 0, remaining: 500, state: "active", firstNcf: "B0100000001", lastIssuedNcf: null });
    expect(all.find((x) => x.code === "B16")).toMatchObject({ ranges: [], exhausted: true, warning: "exhausted" });
  });

  it("enters a new authorization; the type sells with it once the first one is gone", async () => {
    const b16 = await typeOf("B16");
    const { id } = await owner.ncfRange.create.mutate({ ncfTypeId: b16.id, rangeFrom: "1001", rangeTo: 1500, expiresOn: NEXT_YEAR_END, authorizationRef: "DGII-1234", authorizedOn: "2026-01-15" } as never);
    const after = await typeOf("B16");
    expect(after).toMatchObject({ remaining: 500, exhausted: false, warning: null });
    expect(after.ranges[0]).toMatchObject({ id, authorizationRef: "DGII-1234", authorizedOn: "2026-01-15", firstNcf: "B1600001001" });
    expect(await cashier.ncf.getNextNumber.query({ id: b16.id })).toBe("B1600001001");
  });

  it("refuses overlapping ranges, shrinking below the issued numbers and moving a used range's start", async () => {
    const b16 = await typeOf("B16");
    const overlapping = errorOf(owner.ncfRange.create.mutate({ ncfTypeId: b16.id, rangeFrom: 1400, rangeTo: 1600, expiresOn: NEXT_YEAR_END }));
    expect((await overlapping).message).toBe("Este rango se solapa con otra autorización de B16: un número nunca se emite dos veces");
    expect((await errorOf(owner.ncfRange.create.mutate({ ncfTypeId: b16.id, rangeFrom: 10, rangeTo: 5, expiresOn: NEXT_YEAR_END }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.ncfRange.create.mutate({ ncfTypeId: b16.id, rangeFrom: 1, rangeTo: 5, expiresOn: "2026-02-30" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.ncfRange.create.mutate({ ncfTypeId: b16.id, rangeFrom: 1, rangeTo: 5, expiresOn: "2020-12-31" }))).message).toBe("La fecha de vencimiento ya pasó");

    // 40 numbers of the sample B01 range were issued.
    const b01 = await typeOf("B01");
    const range = b01.ranges[0]!;
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.update(ncfRanges).set({ nextNumber: 41 }).where(and(eq(ncfRanges.tenantId, t.acme.tenant.id), eq(ncfRanges.id, range.id))));
    expect((await errorOf(owner.ncfRange.update.mutate({ id: range.id, rangeFrom: 1, rangeTo: 39, expiresOn: NEXT_YEAR_END }))).message).toBe(
      "El rango no puede terminar antes del último NCF B01 ya emitido",
    );
    expect((await errorOf(owner.ncfRange.update.mutate({ id: range.id, rangeFrom: 2, rangeTo: 500, expiresOn: NEXT_YEAR_END }))).message).toBe(
      "El primer número no se puede cambiar: este rango ya emitió NCF",
    );
    await owner.ncfRange.update.mutate({ id: range.id, rangeFrom: 1, rangeTo: 40, expiresOn: NEXT_YEAR_END, authorizationRef: "DGII-9" });
    expect((await typeOf("B01")).ranges[0]).toMatchObject({ rangeTo: 40, used: 40, remaining: 0, state: "exhausted", lastIssuedNcf: "B0100000040" });
    expect(await cashier.ncf.getNextNumber.query({ id: b01.id })).toBeNull();
  });

  it("a cancelled range issues no more and cannot be edited; it stays listed", async () => {
    const b16 = await typeOf("B16");
    const range = b16.ranges[0]!;
    await owner.ncfRange.cancel.mutate({ id: range.id });
    const after = await typeOf("B16");
    expect(after.ranges[0]).toMatchObject({ state: "cancelled", remaining: 0 });
    expect(after.exhausted).toBe(true);
    expect((await errorOf(owner.ncfRange.update.mutate({ id: range.id, rangeFrom: 1001, rangeTo: 1600, expiresOn: NEXT_YEAR_END }))).code).toBe("BAD_REQUEST");
    // its numbers are never issued again: a new range cannot reuse them
    expect((await errorOf(owner.ncfRange.create.mutate({ ncfTypeId: b16.id, rangeFrom: 1001, rangeTo: 1100, expiresOn: NEXT_YEAR_END }))).code).toBe("BAD_REQUEST");
  });

  it("the owner's warning count and the default type", async () => {
    const b02 = await typeOf("B02");
    await owner.ncf.updateType.mutate({ id: b02.id, warnRemaining: 5000 });
    expect((await cashier.ncf.getTypes.query()).find((x) => x.code === "B02")).toMatchObject({ lowRange: true, warning: "low" });
    await owner.ncf.updateType.mutate({ id: b02.id, warnRemaining: null });
    expect((await cashier.ncf.getTypes.query()).find((x) => x.code === "B02")).toMatchObject({ lowRange: false });
  });

  it("permissions and tenants: a cashier may not change ranges; another tenant's ids are NOT_FOUND", async () => {
    const b02 = await typeOf("B02");
    expect((await errorOf(cashier.ncfRange.create.mutate({ ncfTypeId: b02.id, rangeFrom: 9001, rangeTo: 9100, expiresOn: NEXT_YEAR_END }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.ncf.getAllTypes.query())).code).toBe("FORBIDDEN");
    expect((await errorOf(outsider.ncfRange.create.mutate({ ncfTypeId: b02.id, rangeFrom: 9001, rangeTo: 9100, expiresOn: NEXT_YEAR_END }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.ncfRange.update.mutate({ id: b02.ranges[0]!.id, rangeFrom: 1, rangeTo: 9100, expiresOn: NEXT_YEAR_END }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.ncfRange.cancel.mutate({ id: b02.ranges[0]!.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.ncf.updateType.mutate({ id: b02.id, warnRemaining: 1 }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.ncf.getNextNumber.query({ id: b02.id }))).code).toBe("NOT_FOUND");
  });
});
