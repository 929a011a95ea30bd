import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_DENTAL_CATALOGUE } from "../../../shared/dental/catalogue";
import { createTestContext, type TestContext } from "../../test/harness";
import { DEMO_PASSWORD } from "./demo";
import { seedDemoDental } from "./demo-dental";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemoDental(t.db);
}, 120_000);
afterAll(() => t.close());

const signIn = (email: string) => t.client("dental", { email, password: DEMO_PASSWORD });

describe("the dental demo tenant (issue 18 'Demo data')", () => {
  it("has the practice's catalogue: ITBIS-exempt service products with their result statuses", async () => {
    const owner = await signIn("owner@demo.test");
    const list = await owner.dental.getProcedureTypes.query();
    expect(list).toHaveLength(DEMO_DENTAL_CATALOGUE.length);
    const byCode = new Map(list.map((p) => [p.code, p]));
    expect(byCode.get("RES")).toMatchObject({ name: "Resina compuesta", scope: "surface", resultStatus: "filling", price: "3500.00" });
    expect(byCode.get("EXT")).toMatchObject({ name: "Extracción simple", resultStatus: "missing" });
    expect(byCode.get("COR")).toMatchObject({ name: "Corona de porcelana", resultStatus: "crown" });
    const product = await owner.product.getById.query({ id: byCode.get("IMP")!.productId });
    expect(product).toMatchObject({ productType: "service", isTaxable: false, sku: "DEN-IMP" });
  });

  it("seeding twice does nothing", async () => {
    expect(await seedDemoDental(t.db)).toEqual({ created: false });
  });
});
