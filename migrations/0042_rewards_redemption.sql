ALTER TABLE "tenant_configs" ADD COLUMN "rewards_point_value" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Data: gift vouchers and rewards points are spent at checkout through their own payment methods (issue 16 §4).
INSERT INTO "payment_methods" ("tenant_id", "id", "code", "name", "order", "available_for_appointments")
SELECT t."id", gen_random_uuid(), v.code, v.name, v.ord, false FROM "tenants" t
CROSS JOIN (VALUES ('GIFT_VOUCHER', 'Bono de regalo', 6), ('POINTS', 'Puntos', 7)) AS v(code, name, ord)
WHERE NOT EXISTS (SELECT 1 FROM "payment_methods" p WHERE p."tenant_id" = t."id" AND upper(p."code") = v.code);
