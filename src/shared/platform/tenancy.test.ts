import { describe, expect, it } from "vitest";
import { resolveBrand } from "./branding";
import { isReservedSubdomain, subdomainFromHost } from "./tenancy";

describe("tenant from host", () => {
  it("takes the subdomain under the base domain", () => {
    expect(subdomainFromHost("demo.localhost:3000", "localhost")).toBe("demo");
    expect(subdomainFromHost("Demo.Enzzo.app", "enzzo.app")).toBe("demo");
  });
  it("gives no tenant for the bare domain, reserved, nested or foreign hosts", () => {
    expect(subdomainFromHost("localhost:3000", "localhost")).toBeNull();
    for (const r of ["www", "app", "api", "dev", "staging", "test", "admin", "dashboard", "auth"]) {
      expect(subdomainFromHost(`${r}.localhost`, "localhost")).toBeNull();
    }
    for (const r of ["localhost", "mail", "smtp", "superadmin", "static", "uploads", "healthz", "nothing-to-see-here", "cdn", "status", "help", "blog", "docs", "shop", "portal", "pay"]) {
      expect(isReservedSubdomain(r)).toBe(true);
      expect(subdomainFromHost(`${r}.localhost`, "localhost")).toBeNull();
    }
    // punycode (IDNA) labels could imitate another business's name: never a tenant
    expect(isReservedSubdomain("xn--colmado-6za")).toBe(true);
    expect(isReservedSubdomain("colmado-la-esquina")).toBe(false);
    expect(subdomainFromHost("a.b.localhost", "localhost")).toBeNull();
    expect(subdomainFromHost("demo.example.com", "localhost")).toBeNull();
    expect(subdomainFromHost(undefined, "localhost")).toBeNull();
  });
});

describe("white label", () => {
  it("applies on .do hosts and on localhost with ?brand=", () => {
    expect(resolveBrand("demo.negocio.do", null).whiteLabel).toBe(true);
    expect(resolveBrand("demo.localhost", "rd").whiteLabel).toBe(true);
    expect(resolveBrand("demo.localhost", null).whiteLabel).toBe(false);
    expect(resolveBrand("demo.enzzo.app", "rd").whiteLabel).toBe(false);
  });
});
