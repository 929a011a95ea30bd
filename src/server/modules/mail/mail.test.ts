import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";
import { isMailConfigured, sendMail } from "./service";
import { mailMessages } from "./tables";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface Received {
  from: string;
  to: string[];
  raw: string;
  user?: string;
}

/** A real SMTP server on a random local port (smtp-server), collecting what it accepts. */
async function startSmtp(opts: { refuse?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "s3cret") callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (opts.refuse) callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function configureSmtp(port: number) {
  process.env.SMTP_URL = `smtp://mailer:s3cret@127.0.0.1:${port}`;
  process.env.SMTP_FROM = "Enzzo <no-reply@enzzo.test>";
}

afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.SMTP_FROM;
});

/** Quoted-printable soft breaks and =XX bytes undone (enough to read a text/plain body). */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

describe("sendMail", () => {
  it("without SMTP the message stays in the outbox, where administrators read it", async () => {
    expect(isMailConfigured()).toBe(false);
    const sent = await withTenant(t.db, t.acme.tenant.id, (tx) =>
      sendMail(tx, t.acme.tenant.id, { to: "cliente@example.do", subject: "Su recibo FAC-000001", text: "Gracias por su compra.\nTotal: RD$1,180.00", kind: "receipt" }),
    );
    expect(sent).toMatchObject({ status: "outbox", error: null });

    const admin = await t.client("acme", "admin");
    const list = await admin.outbox.getAll.query({ page: 1, pageSize: 20 });
    expect(list.pagination.total).toBe(1);
    expect(list.unread).toBe(1);
    expect(list.data[0]).toMatchObject({ id: sent.id, toAddress: "cliente@example.do", subject: "Su recibo FAC-000001", kind: "receipt", status: "outbox", sentAt: null, readAt: null });
    expect(list.data[0]).not.toHaveProperty("text");

    const one = await admin.outbox.getById.query({ id: sent.id });
    expect(one.text).toBe("Gracias por su compra.\nTotal: RD$1,180.00");
    const read = await admin.outbox.markRead.mutate({ id: sent.id });
    expect(read.readAt).toBeInstanceOf(Date);
    // Reading it again keeps the first reading's time.
    expect((await admin.outbox.markRead.mutate({ id: sent.id })).readAt).toEqual(read.readAt);
    expect((await admin.outbox.getAll.query({})).unread).toBe(0);
  });

  it("outbox: newest first, paged; only administrators and the owner; another tenant sees none of it", async () => {
    for (const n of [1, 2, 3]) {
      await withTenant(t.db, t.acme.tenant.id, (tx) => sendMail(tx, t.acme.tenant.id, { to: `n${n}@example.do`, subject: `Aviso ${n}`, text: `Aviso número ${n}`, kind: "notification" }));
    }
    const owner = await t.client("acme", "owner");
    const page = await owner.outbox.getAll.query({ page: 1, pageSize: 2 });
    expect(page.data.map((m) => m.subject)).toEqual(["Aviso 3", "Aviso 2"]);
    expect(page.pagination).toEqual({ page: 1, pageSize: 2, total: 4, pageCount: 2 });
    expect((await owner.outbox.getAll.query({ page: 2, pageSize: 2 })).data.map((m) => m.subject)).toEqual(["Aviso 1", "Su recibo FAC-000001"]);
    expect((await errorOf(owner.outbox.getAll.query({ page: 0 }))).code).toBe("BAD_REQUEST");

    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.outbox.getAll.query({}))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.outbox.getById.query({ id: page.data[0]!.id }))).code).toBe("FORBIDDEN");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.outbox.getAll.query({}))).code).toBe("UNAUTHORIZED");

    const outsider = await t.client("other", "owner");
    expect((await outsider.outbox.getAll.query({})).pagination.total).toBe(0);
    expect((await errorOf(outsider.outbox.getById.query({ id: page.data[0]!.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.outbox.markRead.mutate({ id: page.data[0]!.id }))).code).toBe("NOT_FOUND");
    expect((await owner.outbox.getById.query({ id: page.data[0]!.id })).readAt).toBeNull();
  });

  it("with SMTP the message is sent through the server and stored as sent", async () => {
    const smtp = await startSmtp();
    try {
      configureSmtp(smtp.port);
      expect(isMailConfigured()).toBe(true);
      const sent = await withTenant(t.db, t.acme.tenant.id, (tx) =>
        sendMail(tx, t.acme.tenant.id, { to: "jefe@example.do", subject: "Cuadre de caja listo", text: "La caja 1 cerro con RD$25,000.00 en efectivo.", kind: "notification" }),
      );
      expect(sent).toMatchObject({ status: "sent", error: null });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.user).toBe("mailer");
      expect(mail!.from).toBe("no-reply@enzzo.test");
      expect(mail!.to).toEqual(["jefe@example.do"]);
      expect(mail!.raw).toMatch(/^Subject: Cuadre de caja listo\r?$/m);
      expect(mail!.raw).toMatch(/^To: jefe@example\.do\r?$/m);
      expect(mail!.raw).toContain("La caja 1 cerro con RD$25,000.00 en efectivo.");

      const [row] = await withTenant(t.db, t.acme.tenant.id, (tx) => tx.select().from(mailMessages).where(eq(mailMessages.id, sent.id)));
      expect(row).toMatchObject({ status: "sent", toAddress: "jefe@example.do", kind: "notification", error: null });
      expect(row!.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it("with SMTP refusing the recipient: stored as failed with the error, and a translated error is raised", async () => {
    const smtp = await startSmtp({ refuse: true });
    try {
      configureSmtp(smtp.port);
      const outcome = await withTenant(t.db, t.acme.tenant.id, async (tx) => {
        const error = await sendMail(tx, t.acme.tenant.id, { to: "nadie@example.do", subject: "Prueba", text: "Hola", kind: "notification" }).catch((e: Error) => e);
        const [row] = await tx.select().from(mailMessages).where(eq(mailMessages.toAddress, "nadie@example.do"));
        return { error, row };
      });
      expect(outcome.error).toBeInstanceOf(Error);
      expect((outcome.error as { code?: string }).code).toBe("BAD_GATEWAY");
      expect((outcome.error as Error).message).toBe("outbox:errors.sendFailed");
      expect(outcome.row).toMatchObject({ status: "failed", sentAt: null });
      expect(outcome.row!.error).toContain("Mailbox nadie@example.do unavailable");
      // Asked to, it answers the failure instead of raising.
      const quiet = await withTenant(t.db, t.acme.tenant.id, (tx) =>
        sendMail(tx, t.acme.tenant.id, { to: "nadie2@example.do", subject: "Prueba", text: "Hola", kind: "notification" }, { throwOnFailure: false }),
      );
      expect(quiet.status).toBe("failed");
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });
});

describe("product.sendOTP by mail", () => {
  it("with SMTP the administrators get the code by mail; the cashier verifies it", async () => {
    const smtp = await startSmtp();
    try {
      configureSmtp(smtp.port);
      const cashier = await t.client("acme", "cashier");
      expect(await cashier.product.sendOTP.mutate({ productId: "custom_discount", productName: "Descuento Personalizado", requestId: "smtp-req-1" })).toMatchObject({ success: true });
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([t.acme.users.admin.email, t.acme.users.owner.email].sort());
      const body = decodeQuotedPrintable(smtp.received[0]!.raw);
      expect(body).toContain("solicita su autorización para: Descuento personalizado");
      const code = /Código: (\d{6})/.exec(body)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(await cashier.product.verifyOTP.mutate({ productId: "custom_discount", requestId: "smtp-req-1", otp: code! })).toEqual({ success: true });
    } finally {
      await smtp.close();
    }
  });

  it("when SMTP refuses every administrator: 'No se pudo enviar el código de verificación', the failed mail is kept", async () => {
    const smtp = await startSmtp({ refuse: true });
    try {
      configureSmtp(smtp.port);
      const cashier = await t.client("acme", "cashier");
      expect(await errorOf(cashier.product.sendOTP.mutate({ productId: "custom_discount", productName: "Descuento Personalizado", requestId: "smtp-req-2" }))).toEqual({
        code: "BAD_GATEWAY",
        message: "No se pudo enviar el código de verificación",
      });
      const admin = await t.client("acme", "admin");
      const failed = (await admin.outbox.getAll.query({ pageSize: 100 })).data.filter((m) => m.kind === "otp" && m.status === "failed");
      expect(failed).toHaveLength(2);
      expect(failed[0]!.error).toContain("unavailable");
    } finally {
      await smtp.close();
    }
  });
});
