-- Orders placed before an order could be placed for an organisation are the buyer's personal purchases: buyer_bo_id
-- stays null, so no employer sees or acts on them.
ALTER TABLE "order_info" ADD COLUMN "buyer_bo_id" text;--> statement-breakpoint
CREATE INDEX "order_info_buyer_bo_paid_idx" ON "order_info" USING btree ("buyer_bo_id","paid_at") WHERE "order_info"."buyer_bo_id" is not null;
