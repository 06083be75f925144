-- Issue 27 §2: the organisation's own purchases have their own area (Purchases: `purchase.order`, with
-- `purchase.order.act` to remind, evaluate and request invoices, and `purchase.order.title` to add the organisation's
-- invoice titles). Before, their calls were guarded by `order.manage` (detail, reminder, evaluation), `finance.statement`
-- (the buyer statements) and `order.invoice.title` (titles, invoice requests): roles keep what they could do.
INSERT INTO "role_function" ("role_id", "func_code")
SELECT "role_id", 'purchase.order' FROM "role_function" WHERE "func_code" IN ('order.manage', 'finance.statement', 'order.invoice.title')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_function" ("role_id", "func_code")
SELECT "role_id", 'purchase.order.act' FROM "role_function" WHERE "func_code" IN ('order.manage', 'order.invoice.title')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_function" ("role_id", "func_code")
SELECT "role_id", 'purchase.order.title' FROM "role_function" WHERE "func_code" = 'order.invoice.title'
ON CONFLICT DO NOTHING;
