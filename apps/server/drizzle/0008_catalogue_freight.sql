CREATE TABLE "freight_template" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"name" text NOT NULL,
	"charge_type" text NOT NULL,
	"first_unit" integer NOT NULL,
	"first_fee" bigint NOT NULL,
	"additional_unit" integer NOT NULL,
	"additional_fee" bigint NOT NULL,
	"not_delivered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freight_template_charge_ck" CHECK ("freight_template"."charge_type" in ('piece', 'weight', 'volume')),
	CONSTRAINT "freight_template_rule_ck" CHECK ("freight_template"."first_unit" >= 1 and "freight_template"."additional_unit" >= 1 and "freight_template"."first_fee" >= 0 and "freight_template"."additional_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "freight_template_info" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"template_id" text NOT NULL,
	"kind" text NOT NULL,
	"areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_unit" integer,
	"first_fee" bigint,
	"additional_unit" integer,
	"additional_fee" bigint,
	"free_by" text,
	"threshold" bigint,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freight_template_info_kind_ck" CHECK (("freight_template_info"."kind" = 'fee' and "freight_template_info"."first_unit" >= 1 and "freight_template_info"."additional_unit" >= 1 and "freight_template_info"."first_fee" >= 0 and "freight_template_info"."additional_fee" >= 0 and "freight_template_info"."free_by" is null)
        or ("freight_template_info"."kind" = 'free' and "freight_template_info"."free_by" in ('amount', 'quantity') and "freight_template_info"."threshold" >= 1 and "freight_template_info"."first_unit" is null))
);
--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "freight_template_id" text;--> statement-breakpoint
ALTER TABLE "freight_template_info" ADD CONSTRAINT "freight_template_info_template_id_freight_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."freight_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "freight_template_bo_name_uq" ON "freight_template" USING btree ("bo_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "freight_template_bo_id_uq" ON "freight_template" USING btree ("bo_id","id");--> statement-breakpoint
CREATE INDEX "freight_template_bo_upd_idx" ON "freight_template" USING btree ("bo_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "freight_template_info_template_idx" ON "freight_template_info" USING btree ("template_id","kind","sort");--> statement-breakpoint
CREATE INDEX "goods_bo_freight_idx" ON "goods" USING btree ("bo_id","freight_template_id") WHERE "goods"."deleted_at" is null and "goods"."freight_template_id" is not null;--> statement-breakpoint
-- Written by hand: goods (a lower domain) does not import the catalogue's tables, so drizzle does not know this key.
-- A goods row names a template of its own organisation only; deleting a template (refused while live goods name it)
-- clears the name from deleted goods (PostgreSQL 15+: SET NULL of the one column).
ALTER TABLE "goods" ADD CONSTRAINT "goods_freight_template_fk" FOREIGN KEY ("bo_id", "freight_template_id")
  REFERENCES "public"."freight_template"("bo_id", "id") ON DELETE SET NULL ("freight_template_id") ON UPDATE no action;
