import { afterAll, beforeAll, expect, it } from "vitest";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";

/** The public pay action is limited per client address like sign-in (AUTH_RATE_LIMIT_MAX per 5 minutes). */
let t: TestContext;
let anonymous: Client;

beforeAll(async () => {
  t = await createTestContext({ authRateLimitMax: 2 });
  anonymous = await t.client("acme");
});
afterAll(() => t.close());

it("the third payment attempt in the window is refused before anything is read", async () => {
  const attempt = () => anonymous.paymentLink.pay.mutate({ id: newId(), cardNumber: "4111 1111 1111 1111", expiry: "12/39", cvc: "123" });
  expect((await errorOf(attempt())).code).toBe("NOT_FOUND");
  expect((await errorOf(attempt())).code).toBe("NOT_FOUND");
  expect(await errorOf(attempt())).toEqual({ code: "TOO_MANY_REQUESTS", message: "Demasiados intentos fallidos. Intente de nuevo en unos minutos." });
});
