import { describe, expect, it, vi } from "vitest";
import { POS_COMMANDS, registerPosCommands } from "./pos-commands";
import { createCommandRegistry, LIST_COMMANDS_CODE } from "./registry";

describe("quick command registry", () => {
  it("runs a registered command with the context and reports unknown codes", () => {
    const registry = createCommandRegistry();
    const run = vi.fn();
    registry.register("040", { labelKey: "x:forty", run });
    const openReturns = vi.fn();
    expect(registry.run(" 040 ", { openReturns })).toBe(true);
    expect(run).toHaveBeenCalledWith({ openReturns });
    expect(registry.run("041")).toBe(false);
    expect(registry.run("")).toBe(false);
  });

  it("lists commands by code and keeps the list stable between changes", () => {
    const registry = createCommandRegistry();
    registry.register("031", { labelKey: "b", run: () => {} });
    registry.register("005", { labelKey: "a", run: () => {} });
    registry.register("100", { labelKey: "c", run: () => {} });
    const first = registry.list();
    expect(first.map((c) => c.code)).toEqual(["005", "031", "100"]);
    expect(registry.list()).toBe(first);
  });

  it("refuses 000 and malformed codes", () => {
    const registry = createCommandRegistry();
    expect(() => registry.register(LIST_COMMANDS_CODE, { labelKey: "x", run: () => {} })).toThrow(/reserved/);
    expect(() => registry.register("", { labelKey: "x", run: () => {} })).toThrow(/Invalid/);
    expect(() => registry.register("0 1", { labelKey: "x", run: () => {} })).toThrow(/Invalid/);
  });

  it("re-registering replaces; a stale remover does not remove the newer command", () => {
    const registry = createCommandRegistry();
    const first = vi.fn();
    const second = vi.fn();
    const removeFirst = registry.register("050", { labelKey: "x", run: first });
    const removeSecond = registry.register("050", { labelKey: "y", run: second });
    removeFirst();
    expect(registry.get("050")?.labelKey).toBe("y");
    registry.run("050");
    expect(second).toHaveBeenCalledOnce();
    expect(first).not.toHaveBeenCalled();
    removeSecond();
    expect(registry.get("050")).toBeUndefined();
  });

  it("notifies subscribers on changes", () => {
    const registry = createCommandRegistry();
    const listener = vi.fn();
    const unsubscribe = registry.subscribe(listener);
    const remove = registry.register("060", { labelKey: "x", run: () => {} });
    remove();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    registry.register("061", { labelKey: "x", run: () => {} });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("reports a failing command to onError, synchronous or not", async () => {
    const registry = createCommandRegistry();
    registry.register("070", {
      labelKey: "x",
      run: () => {
        throw new Error("boom");
      },
    });
    registry.register("071", { labelKey: "x", run: () => Promise.reject(new Error("later")) });
    const onError = vi.fn();
    expect(registry.run("070", {}, onError)).toBe(true);
    expect(registry.run("071", {}, onError)).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(onError.mock.calls.map(([e, c]) => [(e as Error).message, c.code])).toEqual([
      ["boom", "070"],
      ["later", "071"],
    ]);
  });
});

describe("POS commands", () => {
  it("030 opens the returns and 031 the last card transaction; the remover takes both away", () => {
    const registry = createCommandRegistry();
    const openReturns = vi.fn();
    const openLastCardTransaction = vi.fn();
    const remove = registerPosCommands({ openReturns, openLastCardTransaction }, registry);
    expect(registry.list().map((c) => [c.code, c.labelKey])).toEqual([
      ["030", POS_COMMANDS.returns.labelKey],
      ["031", POS_COMMANDS.lastCardTransaction.labelKey],
    ]);
    registry.run("030");
    expect(openReturns).toHaveBeenCalledOnce();
    expect(openLastCardTransaction).not.toHaveBeenCalled();
    registry.run("031");
    expect(openLastCardTransaction).toHaveBeenCalledOnce();
    remove();
    expect(registry.list()).toEqual([]);
  });
});
