import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LegalDataInput } from "../../../shared/customers/legal-client";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
beforeAll(async () => {
  t = await createTestContext();
  [owner, cashier, outsider] = await Promise.all([t.client("acme", "owner"), t.client("acme", "cashier"), t.client("other", "owner")]);
});
afterAll(() => t.close());

/** Every field of the six tabs, as the form sends them. */
const full: LegalDataInput = {
  address_line1: "Av. Abraham Lincoln 1003",
  address_line2: "Torre Profesional, piso 5",
  city: "Santo Domingo",
  state: "Distrito Nacional",
  postal_code: "10148",
  country: "República Dominicana",
  jurisdiction: "distrito_nacional",
  industry: "financial_services",
  industry_sector: "Banca comercial",
  company_registration_number: "RM-12345-SD",
  company_registration_date: "2015-03-10",
  employee_count: "250",
  annual_revenue: "125,000,000.50",
  legal_representative_name: "María Gómez",
  legal_representative_id: "001-1391820-5",
  legal_representative_position: "Gerente General",
  billing_type: "retainer",
  hourly_rate: "3500",
  retainer_amount: "75000",
  retainer_frequency: "monthly",
  payment_terms: "45",
  credit_limit: "500000",
  preferred_payment_method: "transfer",
  billing_address_line1: "Av. Abraham Lincoln 1003",
  billing_address_line2: "Torre Profesional, piso 5",
  billing_city: "Santo Domingo",
  billing_state: "Distrito Nacional",
  billing_postal_code: "10148",
  billing_country: "República Dominicana",
  status: "active",
  client_since: "2024-01-15",
  referral_source: "referral_client",
  referral_details: "Referido por Bufete Pérez",
  risk_level: "medium",
  aml_check_completed: true,
  kyc_verified: true,
  conflict_check_completed: true,
  conflict_check_notes: "Sin conflictos",
  preferred_language: "es",
  preferred_communication_method: "whatsapp",
  preferred_contact_time: "morning",
  send_reminders: true,
  send_newsletters: true,
  send_billing_notifications: false,
  portal_access_enabled: true,
  portal_username: "banco.caribe",
  document_retention_policy: "7_years",
  preferred_document_format: "pdf",
  notes: "Cliente corporativo",
  internal_notes: "Revisar contrato anual",
  tags: ["banca", " corporativo ", "", "Banca"],
};

async function newCustomer(client: Client, name: string) {
  return client.customer.create.mutate({ name, code: `LEG-${name.slice(0, 3).toUpperCase()}-${Date.now() % 100000}`, tax_id: "131246796" });
}

describe("legattiCustomer.*", () => {
  it("create after customer.create: every field stored with the spec's names, normalized", async () => {
    const customer = await newCustomer(owner, "Banco del Caribe");
    const legal = await owner.legattiCustomer.create.mutate({ customerId: customer.id, data: full });
    expect(legal).toMatchObject({
      ...full,
      employee_count: 250,
      annual_revenue: "125000000.50",
      hourly_rate: null,
      retainer_amount: "75000.00",
      payment_terms: 45,
      credit_limit: "500000.00",
      tags: ["banca", "corporativo"],
    });
    expect(await owner.legattiCustomer.getByCustomerId.query({ customerId: customer.id })).toEqual(legal);
    const withLegal = await owner.customer.getById.query({ id: customer.id });
    expect(withLegal.legal).toEqual(legal);
    expect((await owner.customer.getAll.query({ search: "banco del caribe" })).data[0]).toMatchObject({ isLegalClient: true });
  });

  it("defaults: status prospect, payment terms 30 (also for a non-numeric entry), reminders on", async () => {
    const customer = await newCustomer(owner, "Constructora Bávaro");
    const legal = await owner.legattiCustomer.create.mutate({ customerId: customer.id, data: { payment_terms: "treinta", tags: [] } });
    expect(legal).toMatchObject({
      status: "prospect",
      payment_terms: 30,
      send_reminders: true,
      send_newsletters: false,
      send_billing_notifications: true,
      portal_access_enabled: false,
      aml_check_completed: false,
      billing_type: null,
      city: null,
      tags: [],
    });
    expect((await owner.legattiCustomer.update.mutate({ customerId: customer.id, data: { payment_terms: "" } })).payment_terms).toBe(30);
    expect((await owner.legattiCustomer.update.mutate({ customerId: customer.id, data: { payment_terms: 0 } })).payment_terms).toBe(0);
    expect((await errorOf(owner.legattiCustomer.update.mutate({ customerId: customer.id, data: { payment_terms: "-5" } }))).code).toBe("BAD_REQUEST");
  });

  it("conditional fields: hourly rate only for hourly/mixed, retainer only for retainer/mixed, portal user only with access", async () => {
    const customer = await newCustomer(owner, "Mixto SRL");
    const mixed = await owner.legattiCustomer.create.mutate({
      customerId: customer.id,
      data: { billing_type: "mixed", hourly_rate: "2500.5", retainer_amount: "10000", retainer_frequency: "quarterly", portal_access_enabled: false, portal_username: "mixto" },
    });
    expect(mixed).toMatchObject({ hourly_rate: "2500.50", retainer_amount: "10000.00", retainer_frequency: "quarterly", portal_username: null });
    const hourly = await owner.legattiCustomer.update.mutate({ customerId: customer.id, data: { billing_type: "hourly", hourly_rate: "2500", retainer_amount: "10000", retainer_frequency: "annual" } });
    expect(hourly).toMatchObject({ billing_type: "hourly", hourly_rate: "2500.00", retainer_amount: null, retainer_frequency: null });
    const fixed = await owner.legattiCustomer.update.mutate({ customerId: customer.id, data: { billing_type: "fixed_fee", hourly_rate: "2500" } });
    expect(fixed).toMatchObject({ hourly_rate: null, retainer_amount: null });
  });

  it("validation: enumerations, amounts, dates, counts; BAD_REQUEST with the field", async () => {
    const customer = await newCustomer(owner, "Validaciones");
    const bad = async (data: Record<string, unknown>) => errorOf(owner.legattiCustomer.create.mutate({ customerId: customer.id, data: data as never }));
    expect(await bad({ industry: "mining" })).toEqual({ code: "BAD_REQUEST", message: "data.industry: Opción inválida" });
    expect(await bad({ jurisdiction: "miami" })).toEqual({ code: "BAD_REQUEST", message: "data.jurisdiction: Opción inválida" });
    expect(await bad({ status: "deleted" })).toEqual({ code: "BAD_REQUEST", message: "data.status: Opción inválida" });
    expect(await bad({ retainer_amount: "-1" })).toEqual({ code: "BAD_REQUEST", message: "data.retainer_amount: Monto inválido" });
    expect(await bad({ credit_limit: "0.105" })).toEqual({ code: "BAD_REQUEST", message: "data.credit_limit: Monto inválido" });
    expect(await bad({ client_since: "2024-02-30" })).toEqual({ code: "BAD_REQUEST", message: "data.client_since: Fecha inválida" });
    expect(await bad({ employee_count: "diez" })).toEqual({ code: "BAD_REQUEST", message: "data.employee_count: Número inválido" });
    expect(await bad({ tags: Array.from({ length: 31 }, (_, i) => `t${i}`) })).toEqual({ code: "BAD_REQUEST", message: "data.tags: Máximo 30 etiquetas" });
    expect((await errorOf(owner.legattiCustomer.create.mutate({ customerId: "x", data: {} }))).code).toBe("BAD_REQUEST");
    // Nothing was stored by the failed calls.
    expect(await owner.legattiCustomer.getByCustomerId.query({ customerId: customer.id })).toBeNull();
    // The one money schema: a JSON number is taken like product.create's price, as a decimal string.
    const numeric = await owner.legattiCustomer.create.mutate({ customerId: customer.id, data: { billing_type: "retainer", retainer_amount: 25000 as never, credit_limit: 0.1 as never } });
    expect(numeric).toMatchObject({ retainer_amount: "25000.00", credit_limit: "0.10" });
  });

  it("a second create is CONFLICT (a retry must not duplicate); update replaces and creates when missing", async () => {
    const customer = await newCustomer(owner, "Reintento");
    await owner.legattiCustomer.create.mutate({ customerId: customer.id, data: { city: "Santiago" } });
    expect(await errorOf(owner.legattiCustomer.create.mutate({ customerId: customer.id, data: {} }))).toEqual({ code: "CONFLICT", message: "Este cliente ya tiene datos legales" });
    const replaced = await owner.legattiCustomer.update.mutate({ customerId: customer.id, data: { state: "Santiago", tags: ["norte"] } });
    expect(replaced).toMatchObject({ city: null, state: "Santiago", tags: ["norte"] });

    const plain = await owner.customer.create.mutate({ name: "Sin datos legales" });
    expect(await owner.legattiCustomer.getByCustomerId.query({ customerId: plain.id })).toBeNull();
    expect((await owner.legattiCustomer.update.mutate({ customerId: plain.id, data: { industry: "retail" } })).industry).toBe("retail");
  });

  it("a deleted customer takes no legal data; another business's customer is NOT_FOUND everywhere", async () => {
    const customer = await newCustomer(owner, "Eliminado");
    await owner.customer.delete.mutate({ id: customer.id });
    expect((await errorOf(owner.legattiCustomer.create.mutate({ customerId: customer.id, data: {} }))).code).toBe("NOT_FOUND");
    expect(await owner.legattiCustomer.getByCustomerId.query({ customerId: customer.id })).toBeNull();

    const [banco] = (await owner.customer.getAll.query({ search: "banco del caribe" })).data;
    expect((await errorOf(outsider.legattiCustomer.getByCustomerId.query({ customerId: banco!.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.legattiCustomer.create.mutate({ customerId: banco!.id, data: {} }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.legattiCustomer.update.mutate({ customerId: banco!.id, data: { city: "Hack" } }))).code).toBe("NOT_FOUND");
    expect((await owner.legattiCustomer.getByCustomerId.query({ customerId: banco!.id }))?.city).toBe("Santo Domingo");
  });

  it("permissions: a cashier reads, creates and updates legal data (customers.*); anonymous is UNAUTHORIZED", async () => {
    const customer = await newCustomer(cashier, "Cajero Legal");
    expect((await cashier.legattiCustomer.create.mutate({ customerId: customer.id, data: { city: "La Romana" } })).city).toBe("La Romana");
    expect((await cashier.legattiCustomer.getByCustomerId.query({ customerId: customer.id }))?.city).toBe("La Romana");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.legattiCustomer.create.mutate({ customerId: customer.id, data: {} }))).code).toBe("UNAUTHORIZED");
    expect((await errorOf(anonymous.legattiCustomer.update.mutate({ customerId: customer.id, data: {} }))).code).toBe("UNAUTHORIZED");
  });
});
