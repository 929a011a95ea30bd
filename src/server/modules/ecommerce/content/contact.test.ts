import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../../db/client";
import { createTestContext, errorOf, type TestContext } from "../../../test/harness";
import { mailMessages } from "../../mail/tables";
import { stores } from "../tables";
import { publishStore } from "../test-fixture";

let t: TestContext;
let acmeStoreId: string;
let otherStoreId: string;
beforeAll(async () => {
  t = await createTestContext();
  acmeStoreId = (await publishStore(t, "acme")).id;
  otherStoreId = (await publishStore(t, "other")).id;
});
afterAll(() => t.close());

const message = { name: "Luisa Gómez", email: "luisa@example.com", phone: "809-555-0199", subject: "Horario", message: "¿Abren los domingos?" };

describe("storePages.submitContactForm (public)", () => {
  it("stores the message, mails the owner through the outbox, and the back office lists it newest first, unread", async () => {
    const visitor = await t.client("acme");
    const sent = await visitor.storePages.submitContactForm.mutate({ store_id: acmeStoreId, ...message });
    expect(sent.success).toBe(true);
    const mails = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.select().from(mailMessages).where(eq(mailMessages.tenantId, t.acme.tenant.id)));
    const mail = mails.find((m) => m.subject.includes("Horario"));
    expect(mail?.toAddress).toBe(t.acme.users.owner.email);
    expect(mail?.status).toBe("outbox");
    expect(mail?.text).toContain("¿Abren los domingos?");

    await visitor.storePages.submitContactForm.mutate({ store_id: acmeStoreId, ...message, subject: "Segundo", phone: "" });
    const owner = await t.client("acme", "owner");
    const list = await owner.ecommerce.findContactMessages.query({});
    expect(list.data.map((m) => m.subject)).toEqual(["Segundo", "Horario"]);
    expect(list.data[0]!.phone).toBeNull();
    expect(list.unread).toBe(2);
    const read = await owner.ecommerce.markContactMessageRead.mutate({ id: list.data[1]!.id });
    expect(read.read_at).toBeTruthy();
    const after = await owner.ecommerce.findContactMessages.query({ unreadOnly: true });
    expect(after.data.map((m) => m.subject)).toEqual(["Segundo"]);
    expect(after.unread).toBe(1);
  });

  it("mails notify_email when the store has one", async () => {
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.update(stores).set({ notifyEmail: "ventas@acme.test" }).where(and(eq(stores.tenantId, t.acme.tenant.id), eq(stores.id, acmeStoreId))));
    const visitor = await t.client("acme");
    await visitor.storePages.submitContactForm.mutate({ store_id: acmeStoreId, ...message, subject: "Aviso" });
    const mails = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.select().from(mailMessages).where(eq(mailMessages.tenantId, t.acme.tenant.id)));
    expect(mails.find((m) => m.subject.includes("Aviso"))?.toAddress).toBe("ventas@acme.test");
  });

  it("refuses missing fields and a bad email with the spec's rules, in the visitor's language", async () => {
    const visitor = await t.client("other");
    const missing = await errorOf(visitor.storePages.submitContactForm.mutate({ store_id: otherStoreId, ...message, name: "  " }));
    expect(missing.code).toBe("BAD_REQUEST");
    expect(missing.message).toContain("Este campo es obligatorio");
    const email = await errorOf(visitor.storePages.submitContactForm.mutate({ store_id: otherStoreId, ...message, email: "no-es-correo" }));
    expect(email.code).toBe("BAD_REQUEST");
    expect(email.message).toContain("Correo electrónico no válido");
    const long = await errorOf(visitor.storePages.submitContactForm.mutate({ store_id: otherStoreId, ...message, message: "x".repeat(5001) }));
    expect(long.code).toBe("BAD_REQUEST");
  });

  it("another tenant's store id, or an unpublished shop, is NOT_FOUND", async () => {
    const visitor = await t.client("acme");
    const outsider = await errorOf(visitor.storePages.submitContactForm.mutate({ store_id: otherStoreId, ...message }));
    expect(outsider).toEqual({ code: "NOT_FOUND", message: "No se pudo identificar la tienda" });
    await publishStore(t, "other", { published: false });
    const hidden = await errorOf((await t.client("other")).storePages.submitContactForm.mutate({ store_id: otherStoreId, ...message }));
    expect(hidden.code).toBe("NOT_FOUND");
    await publishStore(t, "other");
  });

  it("the back office's messages: another tenant's id is NOT_FOUND, its list is its own, anonymous is UNAUTHORIZED", async () => {
    const outsider = await t.client("other", "owner");
    const owner = await t.client("acme", "owner");
    const { data } = await owner.ecommerce.findContactMessages.query({});
    expect((await errorOf(outsider.ecommerce.markContactMessageRead.mutate({ id: data[0]!.id }))).code).toBe("NOT_FOUND");
    expect((await outsider.ecommerce.findContactMessages.query({})).data).toEqual([]);
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.ecommerce.findContactMessages.query({}))).code).toBe("UNAUTHORIZED");
  });
});
