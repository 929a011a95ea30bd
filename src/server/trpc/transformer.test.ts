import fc from "fast-check";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { transformer } from "./transformer";

const serialize = (v: unknown) => transformer.output.serialize(v);
/** The answer, or the error thrown (superjson refuses the keys __proto__, prototype and constructor). */
const outcome = (fn: () => unknown) => {
  try {
    return { value: fn() };
  } catch (e) {
    return { error: String(e) };
  }
};

describe("the answers' transformer", () => {
  it("serializes exactly as superjson does, for any value", () => {
    fc.assert(
      fc.property(fc.anything({ withDate: true, withMap: true, withSet: true, withBigInt: true, withNullPrototype: true, withObjectString: true }), (value) => {
        expect(outcome(() => serialize(value))).toEqual(outcome(() => superjson.serialize(value)));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(outcome(() => serialize(value))).toEqual(outcome(() => superjson.serialize(value)));
      }),
      { numRuns: 2000 },
    );
  });

  it("a client with plain superjson reads back what was sent", () => {
    const rows = [{ id: "a", name: "Ana", points: 0, taxId: null, tags: ["x"], nested: { ok: true } }];
    expect(superjson.deserialize(JSON.parse(JSON.stringify(serialize(rows))))).toEqual(rows);
    const withDate = { at: new Date("2026-11-23T00:00:00Z"), missing: undefined, n: -0 };
    expect(superjson.deserialize(JSON.parse(JSON.stringify(serialize(withDate))))).toEqual(withDate);
    expect(serialize(withDate)).toHaveProperty("meta");
    expect(() => serialize({ constructor: "x" })).toThrow(/prototype pollution/);
  });
});
