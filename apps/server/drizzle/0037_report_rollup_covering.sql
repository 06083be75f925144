-- The dashboard's reads as index-only scans (statement/rollup.tables.ts): a day's buyers, and the top goods' days and
-- weeks, from indexes that carry every column they sum, so a seller's rows of a day are read together instead of from
-- the table pages they were written to.
DROP INDEX IF EXISTS "order_buyer_day_bo_day_idx";--> statement-breakpoint
CREATE INDEX "order_buyer_day_bo_day_idx" ON "order_buyer_day" USING btree ("bo_id", "day") INCLUDE ("buyer_member_id", "orders");--> statement-breakpoint
CREATE INDEX "order_goods_day_cover_idx" ON "order_goods_day" USING btree ("bo_id", "day") INCLUDE ("goods_id", "goods_name", "lines", "quantity", "amount");--> statement-breakpoint
CREATE INDEX "order_goods_week_cover_idx" ON "order_goods_week" USING btree ("bo_id", "week") INCLUDE ("goods_id", "goods_name", "lines", "quantity", "amount");
