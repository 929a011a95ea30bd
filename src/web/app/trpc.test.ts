import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { type AppRouter, humanMessage } from "./trpc";

const refused = (message: string, data: unknown) => Object.assign(new TRPCClientError<AppRouter>(message), { data });

describe("humanMessage", () => {
  it("shows a refused input's messages without the API's field paths, each once", () => {
    const error = refused("payments.0.amount: Monto inválido; payments.1.amount: Monto inválido; lines: Agregue al menos un producto", {
      code: "BAD_REQUEST",
      fieldErrors: { "payments.0.amount": "Monto inválido", "payments.1.amount": "Monto inválido", lines: "Agregue al menos un producto" },
    });
    expect(humanMessage(error)).toBe("Monto inválido · Agregue al menos un producto");
  });

  it("keeps any other message as the server wrote it", () => {
    expect(humanMessage(refused("La caja está cerrada: ábrala para vender (Abrir caja).", { code: "BAD_REQUEST" }))).toBe("La caja está cerrada: ábrala para vender (Abrir caja).");
    expect(humanMessage(refused("Sin datos", undefined))).toBe("Sin datos");
  });
});
