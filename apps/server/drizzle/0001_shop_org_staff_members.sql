CREATE TABLE "seller_address" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"type" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"province_code" text NOT NULL,
	"city_code" text NOT NULL,
	"district_code" text,
	"detail" text NOT NULL,
	"postcode" text,
	"latitude" double precision,
	"longitude" double precision,
	"open_time" text,
	"close_time" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_temp" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"member_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_rank" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	"threshold_type" text NOT NULL,
	"threshold_value" bigint NOT NULL,
	"discount" integer NOT NULL,
	"benefits" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tag" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_promotion" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"name" text NOT NULL,
	"pay_amount" bigint NOT NULL,
	"bonus_amount" bigint DEFAULT 0 NOT NULL,
	"bonus_points" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"rank_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_member" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"member_no" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"gender" text,
	"birthday" date,
	"rank_id" text,
	"points" integer DEFAULT 0 NOT NULL,
	"total_spend" bigint DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'miniapp' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_member_tag" (
	"bo_id" text NOT NULL,
	"member_id" text NOT NULL,
	"tag_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_member_tag_member_id_tag_id_pk" PRIMARY KEY("member_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "org_enterprise" (
	"bo_id" text PRIMARY KEY NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"credit_code" text DEFAULT '' NOT NULL,
	"legal_person_name" text DEFAULT '' NOT NULL,
	"legal_person_id_no" text DEFAULT '' NOT NULL,
	"licence_file_id" text,
	"id_front_file_id" text,
	"id_back_file_id" text,
	"area_code" text,
	"address" text DEFAULT '' NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"verification_status" text DEFAULT 'unverified' NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_setting" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"business_hours" jsonb NOT NULL,
	"accepting_orders" boolean NOT NULL,
	"notice" text NOT NULL,
	"auto_confirm_days" integer NOT NULL,
	"auto_close_minutes" integer NOT NULL,
	"invoice" text NOT NULL,
	"self_pickup" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"area_code" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_base" (
	"employee_id" text NOT NULL,
	"base_id" text NOT NULL,
	"bo_id" text NOT NULL,
	CONSTRAINT "employee_base_employee_id_base_id_pk" PRIMARY KEY("employee_id","base_id")
);
--> statement-breakpoint
CREATE TABLE "profession" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_profile" (
	"employee_id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"profession_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_supplier" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"address" text DEFAULT '' NOT NULL,
	"category_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"settlement" text,
	"status" text DEFAULT 'enabled' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"supplier_bo_id" text,
	"valid_from" date,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_supplier_member" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"supplier_id" text NOT NULL,
	"member_id" text NOT NULL,
	"role" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "logo_file_id" text;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "intro" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "contact_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "service_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "area_code" text;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "main_category_id" text;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop" ADD COLUMN "closed_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_member_tag" ADD CONSTRAINT "shop_member_tag_member_id_shop_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."shop_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_member_tag" ADD CONSTRAINT "shop_member_tag_tag_id_member_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."member_tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_address_bo_type_idx" ON "seller_address" USING btree ("bo_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_address_default_uq" ON "seller_address" USING btree ("bo_id","type") WHERE "seller_address"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "data_temp_owner_type_name_uq" ON "data_temp" USING btree ("bo_id","member_id","type","name");--> statement-breakpoint
CREATE UNIQUE INDEX "member_rank_bo_name_uq" ON "member_rank" USING btree ("bo_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "member_rank_bo_level_uq" ON "member_rank" USING btree ("bo_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "member_tag_bo_name_uq" ON "member_tag" USING btree ("bo_id",lower("name"));--> statement-breakpoint
CREATE INDEX "recharge_promotion_bo_created_asc_idx" ON "recharge_promotion" USING btree ("bo_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_member_bo_no_uq" ON "shop_member" USING btree ("bo_id","member_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shop_member_bo_joined_asc_idx" ON "shop_member" USING btree ("bo_id","joined_at","id");--> statement-breakpoint
CREATE INDEX "shop_member_bo_rank_joined_asc_idx" ON "shop_member" USING btree ("bo_id","rank_id","joined_at","id");--> statement-breakpoint
CREATE INDEX "shop_member_bo_status_joined_asc_idx" ON "shop_member" USING btree ("bo_id","status","joined_at","id");--> statement-breakpoint
CREATE INDEX "shop_member_bo_name_idx" ON "shop_member" USING btree ("bo_id","name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shop_member_bo_phone_idx" ON "shop_member" USING btree ("bo_id","phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shop_member_bo_spend_idx" ON "shop_member" USING btree ("bo_id","total_spend");--> statement-breakpoint
CREATE INDEX "shop_member_tag_tag_idx" ON "shop_member_tag" USING btree ("tag_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_bo_name_uq" ON "base" USING btree ("bo_id",lower("name"));--> statement-breakpoint
CREATE INDEX "employee_base_base_idx" ON "employee_base" USING btree ("base_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profession_bo_name_uq" ON "profession" USING btree (coalesce("bo_id", ''),lower("name"));--> statement-breakpoint
CREATE INDEX "shop_supplier_bo_kind_idx" ON "shop_supplier" USING btree ("bo_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_supplier_purchase_name_uq" ON "shop_supplier" USING btree ("bo_id",lower("name")) WHERE "shop_supplier"."kind" = 'purchase';--> statement-breakpoint
CREATE UNIQUE INDEX "shop_supplier_authorised_uq" ON "shop_supplier" USING btree ("bo_id","supplier_bo_id") WHERE "shop_supplier"."kind" = 'authorised';--> statement-breakpoint
CREATE INDEX "shop_supplier_supplier_bo_idx" ON "shop_supplier" USING btree ("supplier_bo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_supplier_member_uq" ON "shop_supplier_member" USING btree ("supplier_id","member_id");--> statement-breakpoint
CREATE INDEX "shop_supplier_member_member_idx" ON "shop_supplier_member" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "organization_name_search_idx" ON "organization" USING btree (lower("name") collate "C");