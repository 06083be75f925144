-- Statements and the dashboard (docs/domains/statement.md): a seller's orders paid in a range of days and the
-- refunds made in it, read from the index alone (the amounts are covered).
CREATE INDEX "order_info_bo_paid_idx" ON "order_info" USING btree ("bo_id","paid_at") INCLUDE ("pay_amount","freight_amount","buyer_member_id","status") WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_refund_bo_created_idx" ON "order_refund" USING btree ("bo_id","created_at") INCLUDE ("amount");
