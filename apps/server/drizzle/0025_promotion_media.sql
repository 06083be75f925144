CREATE TABLE "media_video" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"title" text NOT NULL,
	"cover_file_id" text,
	"video_file_id" text NOT NULL,
	"duration_seconds" double precision,
	"state" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"on" boolean DEFAULT false NOT NULL,
	"goods_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_video_state_ck" CHECK ("media_video"."state" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "media_video_on_ck" CHECK (not "media_video"."on" or "media_video"."state" = 'approved'),
	CONSTRAINT "media_video_rejected_ck" CHECK (("media_video"."state" = 'rejected') = ("media_video"."reject_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "promotion" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"per_buyer_limit" integer,
	"cancelled_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_kind_ck" CHECK ("promotion"."kind" in ('percent', 'price')),
	CONSTRAINT "promotion_percent_ck" CHECK (("promotion"."kind" = 'percent') = ("promotion"."percent_off" is not null) and ("promotion"."percent_off" is null or "promotion"."percent_off" between 1 and 99)),
	CONSTRAINT "promotion_period_ck" CHECK ("promotion"."ends_at" > "promotion"."starts_at"),
	CONSTRAINT "promotion_limit_ck" CHECK ("promotion"."per_buyer_limit" is null or "promotion"."per_buyer_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_sku" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"promotion_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"price" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_sku_price_ck" CHECK ("promotion_sku"."price" is null or "promotion_sku"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "promotion_sku" ADD CONSTRAINT "promotion_sku_promotion_id_promotion_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_sku" ADD CONSTRAINT "promotion_sku_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_sku" ADD CONSTRAINT "promotion_sku_sku_id_goods_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."goods_sku"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_video_bo_created_idx" ON "media_video" USING btree ("bo_id","created_at","id");--> statement-breakpoint
CREATE INDEX "media_video_bo_state_created_idx" ON "media_video" USING btree ("bo_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "media_video_pending_idx" ON "media_video" USING btree ("updated_at") WHERE "media_video"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "promotion_bo_created_idx" ON "promotion" USING btree ("bo_id","created_at","id");--> statement-breakpoint
CREATE INDEX "promotion_bo_period_idx" ON "promotion" USING btree ("bo_id","ends_at","starts_at") WHERE "promotion"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_sku_uq" ON "promotion_sku" USING btree ("promotion_id","sku_id");--> statement-breakpoint
CREATE INDEX "promotion_sku_sku_idx" ON "promotion_sku" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "promotion_sku_goods_idx" ON "promotion_sku" USING btree ("goods_id");