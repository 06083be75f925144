CREATE TABLE "goods" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"kind" text DEFAULT 'goods' NOT NULL,
	"name" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"category_id" text,
	"unit_id" text,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_file_id" text,
	"description_html" text DEFAULT '' NOT NULL,
	"logistics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fresh" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"price_min" bigint DEFAULT 0 NOT NULL,
	"price_max" bigint DEFAULT 0 NOT NULL,
	"stock_total" integer DEFAULT 0 NOT NULL,
	"stock_limit" integer,
	"sales" integer DEFAULT 0 NOT NULL,
	"on_shelf_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_kind_ck" CHECK ("goods"."kind" in ('goods', 'package')),
	CONSTRAINT "goods_status_ck" CHECK ("goods"."status" in ('draft', 'on', 'off')),
	CONSTRAINT "goods_stock_ck" CHECK ("goods"."stock_total" >= 0 and ("goods"."stock_limit" is null or "goods"."stock_limit" >= 0)),
	CONSTRAINT "goods_price_ck" CHECK ("goods"."price_min" >= 0 and "goods"."price_max" >= "goods"."price_min")
);
--> statement-breakpoint
CREATE TABLE "goods_attr_def" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"unit" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_batch" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"batch_no" text NOT NULL,
	"quantity" integer NOT NULL,
	"left" integer NOT NULL,
	"production_date" date NOT NULL,
	"expires_on" date NOT NULL,
	"trace_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_batch_left_ck" CHECK ("goods_batch"."left" >= 0 and "goods_batch"."quantity" >= 0),
	CONSTRAINT "goods_batch_dates_ck" CHECK ("goods_batch"."expires_on" >= "goods_batch"."production_date")
);
--> statement-breakpoint
CREATE TABLE "goods_delivery_range" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"goods_id" text,
	"shapes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_ladder_price" (
	"bo_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"sku_id" text PRIMARY KEY NOT NULL,
	"tiers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_member_price" (
	"bo_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"rank_id" text NOT NULL,
	"price" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_member_price_sku_id_rank_id_pk" PRIMARY KEY("sku_id","rank_id"),
	CONSTRAINT "goods_member_price_ck" CHECK ("goods_member_price"."price" >= 1)
);
--> statement-breakpoint
CREATE TABLE "goods_package_item" (
	"bo_id" text NOT NULL,
	"package_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "goods_package_item_package_id_sku_id_pk" PRIMARY KEY("package_id","sku_id"),
	CONSTRAINT "goods_package_item_qty_ck" CHECK ("goods_package_item"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "goods_shelf_batch" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"member_id" text NOT NULL,
	"direction" text NOT NULL,
	"changes" jsonb NOT NULL,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_sku" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"spec_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" bigint NOT NULL,
	"market_price" bigint,
	"cost_price" bigint,
	"stock" integer DEFAULT 0 NOT NULL,
	"code" text,
	"barcode" text,
	"weight_g" integer,
	"volume_cm3" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_sku_stock_ck" CHECK ("goods_sku"."stock" >= 0),
	CONSTRAINT "goods_sku_price_ck" CHECK ("goods_sku"."price" >= 0 and ("goods_sku"."market_price" is null or "goods_sku"."market_price" >= 0) and ("goods_sku"."cost_price" is null or "goods_sku"."cost_price" >= 0))
);
--> statement-breakpoint
CREATE TABLE "goods_status_count" (
	"bo_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "goods_status_count_bo_id_kind_status_pk" PRIMARY KEY("bo_id","kind","status")
);
--> statement-breakpoint
CREATE TABLE "goods_trace" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"origin" text NOT NULL,
	"area_code" text,
	"farm" text DEFAULT '' NOT NULL,
	"base_id" text,
	"harvest_date" date,
	"inspection_file_id" text,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods_batch" ADD CONSTRAINT "goods_batch_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_batch" ADD CONSTRAINT "goods_batch_sku_id_goods_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."goods_sku"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_batch" ADD CONSTRAINT "goods_batch_trace_id_goods_trace_id_fk" FOREIGN KEY ("trace_id") REFERENCES "public"."goods_trace"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_delivery_range" ADD CONSTRAINT "goods_delivery_range_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_ladder_price" ADD CONSTRAINT "goods_ladder_price_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_ladder_price" ADD CONSTRAINT "goods_ladder_price_sku_id_goods_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."goods_sku"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_member_price" ADD CONSTRAINT "goods_member_price_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_member_price" ADD CONSTRAINT "goods_member_price_sku_id_goods_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."goods_sku"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_package_item" ADD CONSTRAINT "goods_package_item_package_id_goods_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_package_item" ADD CONSTRAINT "goods_package_item_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_package_item" ADD CONSTRAINT "goods_package_item_sku_id_goods_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."goods_sku"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_sku" ADD CONSTRAINT "goods_sku_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_trace" ADD CONSTRAINT "goods_trace_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_bo_kind_status_upd_idx" ON "goods" USING btree ("bo_id","kind","status","updated_at","id") WHERE "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "goods_bo_kind_upd_idx" ON "goods" USING btree ("bo_id","kind","updated_at","id") WHERE "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "goods_bo_category_idx" ON "goods" USING btree ("bo_id","category_id") WHERE "goods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "goods_bo_sales_idx" ON "goods" USING btree ("bo_id","sales") WHERE "goods"."deleted_at" is null and "goods"."status" = 'on';--> statement-breakpoint
CREATE INDEX "goods_attr_def_category_idx" ON "goods_attr_def" USING btree ("category_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_batch_sku_no_uq" ON "goods_batch" USING btree ("sku_id","batch_no");--> statement-breakpoint
CREATE INDEX "goods_batch_sku_expiry_idx" ON "goods_batch" USING btree ("sku_id","expires_on");--> statement-breakpoint
CREATE INDEX "goods_batch_bo_expiry_idx" ON "goods_batch" USING btree ("bo_id","expires_on","goods_id") WHERE "goods_batch"."left" > 0;--> statement-breakpoint
CREATE INDEX "goods_batch_goods_idx" ON "goods_batch" USING btree ("goods_id","expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_delivery_range_bo_goods_uq" ON "goods_delivery_range" USING btree ("bo_id",coalesce("goods_id", ''));--> statement-breakpoint
CREATE INDEX "goods_ladder_price_goods_idx" ON "goods_ladder_price" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "goods_member_price_goods_idx" ON "goods_member_price" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "goods_member_price_bo_rank_idx" ON "goods_member_price" USING btree ("bo_id","rank_id");--> statement-breakpoint
CREATE INDEX "goods_package_item_goods_idx" ON "goods_package_item" USING btree ("goods_id");--> statement-breakpoint
CREATE INDEX "goods_shelf_batch_bo_created_idx" ON "goods_shelf_batch" USING btree ("bo_id","created_at");--> statement-breakpoint
CREATE INDEX "goods_sku_goods_idx" ON "goods_sku" USING btree ("goods_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_sku_combo_uq" ON "goods_sku" USING btree ("goods_id","spec_values") WHERE "goods_sku"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_sku_bo_code_uq" ON "goods_sku" USING btree ("bo_id",lower("code")) WHERE "goods_sku"."code" is not null and "goods_sku"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "goods_sku_bo_code_idx" ON "goods_sku" USING btree ("bo_id","code" text_pattern_ops) WHERE "goods_sku"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "goods_trace_bo_created_idx" ON "goods_trace" USING btree ("bo_id","created_at","id");--> statement-breakpoint
CREATE INDEX "goods_trace_goods_idx" ON "goods_trace" USING btree ("goods_id","created_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION goods_status_count_delta() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- The net change per (organisation, kind, status) of the live rows a statement touched; nothing when none.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO goods_status_count (bo_id, kind, status, n)
    SELECT bo_id, kind, status, count(*) FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3
    ON CONFLICT (bo_id, kind, status) DO UPDATE SET n = goods_status_count.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO goods_status_count (bo_id, kind, status, n)
    SELECT bo_id, kind, status, -count(*) FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3
    ON CONFLICT (bo_id, kind, status) DO UPDATE SET n = goods_status_count.n + excluded.n;
  ELSE
    INSERT INTO goods_status_count (bo_id, kind, status, n)
    SELECT bo_id, kind, status, sum(d) FROM (
      SELECT bo_id, kind, status, -1 AS d FROM old_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT bo_id, kind, status, 1 AS d FROM new_rows WHERE deleted_at IS NULL
    ) x GROUP BY 1, 2, 3 HAVING sum(d) <> 0
    ON CONFLICT (bo_id, kind, status) DO UPDATE SET n = goods_status_count.n + excluded.n;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER goods_status_count_ins AFTER INSERT ON goods REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION goods_status_count_delta();--> statement-breakpoint
CREATE TRIGGER goods_status_count_upd AFTER UPDATE ON goods REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION goods_status_count_delta();--> statement-breakpoint
CREATE TRIGGER goods_status_count_del AFTER DELETE ON goods REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION goods_status_count_delta();
