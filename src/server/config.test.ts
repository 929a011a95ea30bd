import { describe, expect, it } from "vitest";
import { trustProxyOf } from "./config";

describe("TRUST_PROXY", () => {
  it("trusts no proxy unless told: 'true', a hop count, or a list of addresses and CIDRs", () => {
    expect(trustProxyOf(undefined)).toBeUndefined();
    expect(trustProxyOf("")).toBeUndefined();
    expect(trustProxyOf("false")).toBeUndefined();
    expect(trustProxyOf("true")).toBe(true);
    expect(trustProxyOf("2")).toBe(2);
    expect(trustProxyOf("127.0.0.1, 10.0.0.0/8")).toEqual(["127.0.0.1", "10.0.0.0/8"]);
  });
});
