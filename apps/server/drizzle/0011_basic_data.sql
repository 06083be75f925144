CREATE TABLE "category_relation" (
	"category_id" text NOT NULL,
	"related_id" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_relation_category_id_related_id_pk" PRIMARY KEY("category_id","related_id"),
	CONSTRAINT "category_relation_ordered" CHECK ("category_relation"."category_id" < "category_relation"."related_id")
);
--> statement-breakpoint
CREATE TABLE "seller_setting" (
	"bo_id" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_setting_bo_id_key_pk" PRIMARY KEY("bo_id","key")
);
--> statement-breakpoint
CREATE INDEX "category_relation_related_idx" ON "category_relation" USING btree ("related_id");--> statement-breakpoint
CREATE INDEX "shop_directory_idx" ON "shop" USING btree ("name","id") WHERE "shop"."status" = 'open';