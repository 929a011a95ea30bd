import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CardSimHandle, type LaneSimTransaction, startCardLane } from "../../../tools/card-lane";
import { type CardServiceSimTransaction, startCardService } from "../../../tools/card-service";

let lane: CardSimHandle<LaneSimTransaction & { voided: boolean }>;
let service: CardSimHandle<CardServiceSimTransaction>;

beforeAll(async () => {
  lane = await startCardLane({ port: 0 });
  service = await startCardService({ port: 0 });
});
afterAll(async () => {
  await Promise.all([lane.close(), service.close()]);
});

const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("card terminal simulators", () => {
  it("answer CORS preflights from any origin (the POS calls them from the browser), private network included", async () => {
    for (const [url, method] of [
      [`${lane.url}api/transaction/lane/sale/10.00`, "GET"],
      [`${service.url}api/pos/sale`, "POST"],
    ] as const) {
      const res = await fetch(url, {
        method: "OPTIONS",
        headers: { Origin: "http://demo.localhost:3000", "Access-Control-Request-Method": method, "Access-Control-Request-Headers": "content-type,x-card-sim-mode", "Access-Control-Request-Private-Network": "true" },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("http://demo.localhost:3000");
      expect(res.headers.get("access-control-allow-methods")).toContain(method);
      expect(res.headers.get("access-control-allow-headers")).toBe("content-type,x-card-sim-mode");
      expect(res.headers.get("access-control-allow-private-network")).toBe("true");
    }
    const res = await fetch(`${lane.url}api/status`, { headers: { Origin: "https://shop.example.com" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
  });

  it("the control endpoint sets, counts down and resets the mode; bad settings are refused", async () => {
    lane.reset();
    expect(await (await fetch(`${lane.url}__control`)).json()).toMatchObject({ mode: "approve", operations: ["sale", "void", "refund"] });
    expect(await (await post(`${lane.url}__control`, { mode: "decline", count: 2 })).json()).toMatchObject({ mode: "decline", count: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(((await (await fetch(`${lane.url}api/transaction/lane/sale/1.00`)).json()) as LaneSimTransaction).TransactionOverallStatus);
    expect(statuses).toEqual(["05", "05", "00"]);
    expect(lane.control()).toMatchObject({ mode: "approve", count: null });

    for (const bad of [{ mode: "explode" }, { delayMs: -1 }, { count: 0 }, { operations: ["sell"] }, { entryMode: "05" }, { card: "discover" }, [1]]) {
      const res = await post(`${lane.url}__control`, bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    }
    expect((await fetch(`${lane.url}api/transaction/lane/sale/1.00?mode=explode`)).status).toBe(400);

    expect(await (await fetch(`${lane.url}__transactions`)).json()).toHaveLength(3);
    expect((await post(`${lane.url}__reset`, {})).status).toBe(200);
    expect(await (await fetch(`${lane.url}__transactions`)).json()).toEqual([]);
  });

  it("the lane refuses amounts that are not above 0 with 2 decimals, and unknown paths", async () => {
    for (const amount of ["0", "0.00", "-1", "abc", "1.001", "1e3"]) {
      const res = await fetch(`${lane.url}api/transaction/lane/sale/${amount}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ TransactionOverallStatus: "13", HostResponse: "MONTO INVALIDO" });
    }
    expect((await fetch(`${lane.url}api/transaction/lane/sale`)).status).toBe(400);
    expect((await fetch(`${lane.url}api/transaction/lane/refund/1.00`)).status).toBe(404);
    expect((await post(`${lane.url}api/transaction/lane/sale/1.00`, {})).status).toBe(404);
    expect(await (await fetch(`${lane.url}api/transaction/lane/getlast`)).json()).toBeNull();
  });

  it("the card service refuses bad bodies with 400 and wrong methods with 405; a mode per request by query", async () => {
    service.reset();
    for (const body of [{ amount: 0, invoiceNumber: "F" }, { amount: "abc", invoiceNumber: "F" }, { amount: "1.00" }, { amount: "1.00", invoiceNumber: "F", currencyCode: "PESO" }]) {
      expect((await post(`${service.url}api/pos/sale`, body)).status).toBe(400);
    }
    expect((await post(`${service.url}api/pos/cancellation`, {})).status).toBe(400);
    expect((await fetch(`${service.url}api/pos/sale`, { method: "POST", body: "{not json" })).status).toBe(400);
    expect((await fetch(`${service.url}api/pos/sale`)).status).toBe(405);
    const declined = await (await post(`${service.url}api/pos/sale?mode=decline`, { amount: 9.5, invoiceNumber: "Q-1" })).json();
    expect(declined).toMatchObject({ status: "declined", amount: "9.50", invoice_number: "Q-1", response_code: "51" });
    const html = await (await post(`${service.url}api/pos/sale?mode=garbage`, { amount: 9.5, invoiceNumber: "Q-2" })).text();
    expect(html).toContain("<html>");
    expect(service.transactions()).toHaveLength(1);
    expect(await (await fetch(`${service.url}api/pos/last-transaction`)).json()).toMatchObject({ invoice_number: "Q-1" });
  });
});
