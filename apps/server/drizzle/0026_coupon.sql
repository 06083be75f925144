CREATE TABLE "coupon" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"rule_id" text NOT NULL,
	"member_id" text NOT NULL,
	"source" text DEFAULT 'receive' NOT NULL,
	"state" text DEFAULT 'unused' NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"order_id" text,
	"order_no" text,
	"discount_amount" bigint,
	"frozen_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"invalidated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_state_ck" CHECK ("coupon"."state" in ('unused', 'frozen', 'used', 'invalid')),
	CONSTRAINT "coupon_source_ck" CHECK ("coupon"."source" in ('receive', 'exchange', 'card')),
	CONSTRAINT "coupon_held_ck" CHECK ("coupon"."state" not in ('frozen', 'used') or ("coupon"."order_id" is not null and "coupon"."discount_amount" >= 0)),
	CONSTRAINT "coupon_valid_ck" CHECK ("coupon"."valid_to" > "coupon"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "coupon_card" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"pool_id" text NOT NULL,
	"card_no" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_plain" text,
	"state" text DEFAULT 'unused' NOT NULL,
	"member_id" text,
	"coupon_id" text,
	"redeemed_at" timestamp with time zone,
	"invalidated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_card_state_ck" CHECK ("coupon_card"."state" in ('unused', 'redeemed', 'invalid')),
	CONSTRAINT "coupon_card_redeemed_ck" CHECK ("coupon_card"."state" <> 'redeemed' or "coupon_card"."coupon_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "coupon_card_pool" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"rule_id" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"exported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_card_pool_state_ck" CHECK ("coupon_card_pool"."state" in ('active', 'eliminated')),
	CONSTRAINT "coupon_card_pool_quantity_ck" CHECK ("coupon_card_pool"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "coupon_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"reg_code" text NOT NULL,
	"kind" text DEFAULT 'coupon' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"discount_type" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"percent_off" integer DEFAULT 0 NOT NULL,
	"max_discount" bigint DEFAULT 0 NOT NULL,
	"min_spend" bigint DEFAULT 0 NOT NULL,
	"validity_type" text NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"valid_days" integer,
	"total_quantity" integer NOT NULL,
	"per_member_limit" integer DEFAULT 1 NOT NULL,
	"issued_quantity" integer DEFAULT 0 NOT NULL,
	"used_quantity" integer DEFAULT 0 NOT NULL,
	"goods_scope" text DEFAULT 'all' NOT NULL,
	"goods_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exchange_code" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_rule_kind_ck" CHECK ("coupon_rule"."kind" in ('coupon', 'exchange', 'card')),
	CONSTRAINT "coupon_rule_type_ck" CHECK ("coupon_rule"."discount_type" in ('amount', 'percent', 'threshold')),
	CONSTRAINT "coupon_rule_validity_ck" CHECK ("coupon_rule"."validity_type" in ('fixed', 'days')),
	CONSTRAINT "coupon_rule_validity_fields_ck" CHECK (("coupon_rule"."validity_type" = 'fixed' and "coupon_rule"."valid_from" is not null and "coupon_rule"."valid_to" > "coupon_rule"."valid_from") or ("coupon_rule"."validity_type" = 'days' and "coupon_rule"."valid_days" >= 1)),
	CONSTRAINT "coupon_rule_state_ck" CHECK ("coupon_rule"."state" in ('draft', 'active', 'ended')),
	CONSTRAINT "coupon_rule_scope_ck" CHECK ("coupon_rule"."goods_scope" in ('all', 'goods')),
	CONSTRAINT "coupon_rule_money_ck" CHECK ("coupon_rule"."amount" >= 0 and "coupon_rule"."max_discount" >= 0 and "coupon_rule"."min_spend" >= 0 and "coupon_rule"."percent_off" between 0 and 99),
	CONSTRAINT "coupon_rule_quantity_ck" CHECK ("coupon_rule"."total_quantity" >= 1 and "coupon_rule"."issued_quantity" between 0 and "coupon_rule"."total_quantity" and "coupon_rule"."used_quantity" between 0 and "coupon_rule"."issued_quantity"),
	CONSTRAINT "coupon_rule_exchange_ck" CHECK (("coupon_rule"."kind" = 'exchange') = ("coupon_rule"."exchange_code" is not null))
);
--> statement-breakpoint
ALTER TABLE "coupon" ADD CONSTRAINT "coupon_rule_id_coupon_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."coupon_rule"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_card" ADD CONSTRAINT "coupon_card_pool_id_coupon_card_pool_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."coupon_card_pool"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_card" ADD CONSTRAINT "coupon_card_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_card_pool" ADD CONSTRAINT "coupon_card_pool_rule_id_coupon_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."coupon_rule"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_rule_created_idx" ON "coupon" USING btree ("rule_id","created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_rule_state_created_idx" ON "coupon" USING btree ("rule_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_rule_used_idx" ON "coupon" USING btree ("rule_id","used_at") WHERE "coupon"."state" = 'used';--> statement-breakpoint
CREATE INDEX "coupon_rule_member_idx" ON "coupon" USING btree ("rule_id","member_id");--> statement-breakpoint
CREATE INDEX "coupon_member_created_idx" ON "coupon" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_order_idx" ON "coupon" USING btree ("order_id") WHERE "coupon"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_card_bo_no_uq" ON "coupon_card" USING btree ("bo_id","card_no");--> statement-breakpoint
CREATE INDEX "coupon_card_pool_no_idx" ON "coupon_card" USING btree ("pool_id","card_no");--> statement-breakpoint
CREATE INDEX "coupon_card_pool_bo_created_idx" ON "coupon_card_pool" USING btree ("bo_id","created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_card_pool_rule_idx" ON "coupon_card_pool" USING btree ("rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_rule_bo_code_uq" ON "coupon_rule" USING btree ("bo_id","reg_code");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_rule_bo_exchange_uq" ON "coupon_rule" USING btree ("bo_id","exchange_code") WHERE "coupon_rule"."exchange_code" is not null;--> statement-breakpoint
CREATE INDEX "coupon_rule_bo_kind_created_idx" ON "coupon_rule" USING btree ("bo_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_rule_bo_kind_state_created_idx" ON "coupon_rule" USING btree ("bo_id","kind","state","created_at","id");