import { describe, expect, it } from "vitest";
import { WriteGate, writePoolSize } from "./write-gate";

describe("WriteGate", () => {
  it("runs at most `size` writers at once and the rest in arrival order", async () => {
    const gate = new WriteGate(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const jobs = Array.from({ length: 5 }, (_, i) =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        order.push(i);
        await new Promise<void>((r) => releases.push(r));
        running--;
        return i;
      }),
    );
    for (let done = 0; done < 5; done++) {
      await new Promise((r) => setTimeout(r, 5));
      releases.shift()!();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it("frees the slot when a writer fails", async () => {
    const gate = new WriteGate(1);
    await expect(gate.run(() => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await gate.run(async () => "next")).toBe("next");
  });

  it("takes DB_WRITE_POOL_SIZE, else twice the cores", () => {
    expect(writePoolSize({ DB_WRITE_POOL_SIZE: "3" })).toBe(3);
    expect(writePoolSize({ DB_WRITE_POOL_SIZE: "zero" })).toBeGreaterThanOrEqual(2);
    expect(writePoolSize({})).toBeGreaterThanOrEqual(2);
  });
});
