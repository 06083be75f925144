ALTER TABLE "goods" ADD COLUMN "storage_location" text;--> statement-breakpoint
-- Issue 25 §4: seeing buyers' and recipients' full phone numbers is its own function (order.manage.phone). Before,
-- the order detail showed them in full to every role that saw orders: such roles keep it (as 0030 did for exports);
-- from now on the owner grants it separately, and members without it see phones masked everywhere.
INSERT INTO "role_function" ("role_id", "func_code")
SELECT "role_id", 'order.manage.phone' FROM "role_function" WHERE "func_code" = 'order.manage'
ON CONFLICT DO NOTHING;
