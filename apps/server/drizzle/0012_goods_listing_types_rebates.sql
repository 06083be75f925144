ALTER TABLE "goods" ADD COLUMN "listing_type" text DEFAULT 'goods' NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "service_areas" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "rebate_bp" integer;--> statement-breakpoint
CREATE INDEX "goods_service_board_idx" ON "goods" USING btree ("listing_type","on_shelf_at","id") WHERE "goods"."deleted_at" is null and "goods"."status" = 'on' and "goods"."listing_type" <> 'goods';--> statement-breakpoint
CREATE INDEX "goods_service_areas_idx" ON "goods" USING gin ("service_areas") WHERE "goods"."deleted_at" is null and "goods"."status" = 'on' and "goods"."listing_type" <> 'goods';--> statement-breakpoint
CREATE INDEX "goods_rebate_amount_idx" ON "goods" USING btree (("price_min" * "rebate_bp" / 10000),"id") WHERE "goods"."deleted_at" is null and "goods"."status" = 'on' and "goods"."rebate_bp" > 0;--> statement-breakpoint
CREATE INDEX "goods_rebate_newest_idx" ON "goods" USING btree ("on_shelf_at","id") WHERE "goods"."deleted_at" is null and "goods"."status" = 'on' and "goods"."rebate_bp" > 0;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_listing_type_ck" CHECK ("goods"."listing_type" in ('goods', 'serviceOffer', 'serviceWant'));--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_rebate_ck" CHECK ("goods"."rebate_bp" is null or "goods"."rebate_bp" between 0 and 5000);--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_service_ck" CHECK ("goods"."listing_type" = 'goods' or ("goods"."kind" = 'goods' and not "goods"."fresh" and "goods"."freight_template_id" is null
        and "goods"."stock_total" = 0 and "goods"."rebate_bp" is null and "goods"."logistics" = '[]'::jsonb));--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_goods_areas_ck" CHECK ("goods"."listing_type" <> 'goods' or "goods"."service_areas" = '[]'::jsonb);