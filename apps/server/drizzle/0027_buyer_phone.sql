DROP INDEX "member_phone_uq";--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "buyer_phone" text;--> statement-breakpoint
CREATE UNIQUE INDEX "member_buyer_phone_uq" ON "member" USING btree ("buyer_phone");--> statement-breakpoint
CREATE UNIQUE INDEX "member_phone_uq" ON "member" USING btree ("phone") WHERE buyer_phone is null;--> statement-breakpoint
-- Accounts that already used the buyer API keep it: their phone is the buyer side's phone from now on, whatever the
-- seller side later does to their phone. A phone someone else set and its holder never confirmed is not one.
UPDATE "member" m SET "buyer_phone" = m."phone"
WHERE m."phone" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "unconfirmed_phone" u WHERE u."member_id" = m."id")
  AND (EXISTS (SELECT 1 FROM "buyer_session" s WHERE s."member_id" = m."id")
       OR EXISTS (SELECT 1 FROM "order_info" o WHERE o."buyer_member_id" = m."id")
       OR EXISTS (SELECT 1 FROM "buyer_address" a WHERE a."member_id" = m."id"));
