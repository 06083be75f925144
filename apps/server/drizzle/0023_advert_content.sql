CREATE TABLE "shop_advert" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"name" text NOT NULL,
	"position" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_advert_sort_ck" CHECK ("shop_advert"."sort" >= 1),
	CONSTRAINT "shop_advert_position_ck" CHECK ("shop_advert"."position" in ('homeBanner', 'categoryBanner', 'popup'))
);
--> statement-breakpoint
CREATE TABLE "shop_advert_item" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"ad_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"image_file_id" text NOT NULL,
	"link_kind" text DEFAULT 'none' NOT NULL,
	"link_target" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_advert_item_sort_ck" CHECK ("shop_advert_item"."sort" >= 1),
	CONSTRAINT "shop_advert_item_link_ck" CHECK ("shop_advert_item"."link_kind" in ('none', 'goods', 'category', 'url', 'shop')
      and ("shop_advert_item"."link_kind" = 'none') = ("shop_advert_item"."link_target" = '')),
	CONSTRAINT "shop_advert_item_window_ck" CHECK ("shop_advert_item"."start_at" is null or "shop_advert_item"."end_at" is null or "shop_advert_item"."end_at" > "shop_advert_item"."start_at")
);
--> statement-breakpoint
CREATE TABLE "shop_content" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"text_length" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_content_code_ck" CHECK ("shop_content"."code" ~ '^[a-z][a-z0-9-]{1,31}$')
);
--> statement-breakpoint
CREATE TABLE "file_attachment" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"type" text NOT NULL,
	"bus_type" text NOT NULL,
	"ref_id" text NOT NULL,
	"file_id" text NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_advert_item" ADD CONSTRAINT "shop_advert_item_ad_id_shop_advert_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."shop_advert"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_attachment" ADD CONSTRAINT "file_attachment_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_advert_bo_sort_idx" ON "shop_advert" USING btree ("bo_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_advert_name_uq" ON "shop_advert" USING btree ("bo_id",lower("name"));--> statement-breakpoint
CREATE INDEX "shop_advert_item_ad_sort_idx" ON "shop_advert_item" USING btree ("ad_id","sort","id");--> statement-breakpoint
CREATE INDEX "shop_advert_item_bo_idx" ON "shop_advert_item" USING btree ("bo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_content_code_uq" ON "shop_content" USING btree ("bo_id","code");--> statement-breakpoint
CREATE INDEX "shop_content_bo_updated_idx" ON "shop_content" USING btree ("bo_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_attachment_uq" ON "file_attachment" USING btree ("bo_id","bus_type","ref_id","type","file_id");--> statement-breakpoint
CREATE INDEX "file_attachment_ref_idx" ON "file_attachment" USING btree ("bo_id","bus_type","ref_id","type","sort");