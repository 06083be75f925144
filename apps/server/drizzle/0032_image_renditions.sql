ALTER TABLE "stored_file" ADD COLUMN "list_sha256" text;--> statement-breakpoint
ALTER TABLE "stored_file" ADD COLUMN "detail_sha256" text;--> statement-breakpoint
CREATE INDEX "shop_advert_item_image_idx" ON "shop_advert_item" USING btree ("image_file_id");--> statement-breakpoint
CREATE INDEX "goods_images_on_shelf_idx" ON "goods" USING gin ("images") WHERE "goods"."deleted_at" is null and "goods"."status" = 'on';