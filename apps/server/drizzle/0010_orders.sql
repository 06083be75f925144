CREATE TABLE "buyer_address" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"area_code" text NOT NULL,
	"detail" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_cart_item" (
	"member_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_cart_item_member_id_sku_id_pk" PRIMARY KEY("member_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_record" (
	"scope" text NOT NULL,
	"call" text NOT NULL,
	"key" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_record_scope_call_key_pk" PRIMARY KEY("scope","call","key")
);
--> statement-breakpoint
CREATE TABLE "order_info" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"bo_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"buyer_member_id" text NOT NULL,
	"status" text DEFAULT 'pendingPayment' NOT NULL,
	"goods_amount" bigint NOT NULL,
	"freight_amount" bigint NOT NULL,
	"discount_amount" bigint DEFAULT 0 NOT NULL,
	"revise_amount" bigint DEFAULT 0 NOT NULL,
	"pay_amount" bigint NOT NULL,
	"pay_method" text,
	"address" jsonb NOT NULL,
	"buyer_remark" text DEFAULT '' NOT NULL,
	"seller_remark" text DEFAULT '' NOT NULL,
	"flag_color" text,
	"cancel_reason" text,
	"cancelled_by" text,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"remind_count" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"seller_deleted_at" timestamp with time zone,
	"buyer_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_info_status_ck" CHECK ("order_info"."status" in ('pendingPayment', 'paid', 'partlyShipped', 'shipped', 'received', 'completed', 'cancelled')),
	CONSTRAINT "order_info_amounts_ck" CHECK ("order_info"."goods_amount" >= 0 and "order_info"."freight_amount" >= 0 and "order_info"."discount_amount" >= 0 and "order_info"."pay_amount" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_line" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"bo_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"goods_name" text NOT NULL,
	"spec_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image" text,
	"unit_price" bigint NOT NULL,
	"price_source" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount" bigint NOT NULL,
	"revised_amount" bigint,
	"shipped_quantity" integer DEFAULT 0 NOT NULL,
	"batches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_line_qty_ck" CHECK ("order_line"."quantity" > 0 and "order_line"."shipped_quantity" >= 0 and "order_line"."shipped_quantity" <= "order_line"."quantity")
);
--> statement-breakpoint
CREATE TABLE "order_payment" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"bo_id" text NOT NULL,
	"buyer_member_id" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"provider_ref" text,
	"voucher_file_id" text,
	"payer_name" text,
	"bank_ref" text,
	"reject_reason" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_shipment" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"bo_id" text NOT NULL,
	"express_code" text NOT NULL,
	"tracking_no" text NOT NULL,
	"lines" jsonb NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_timeline" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"bo_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_member_id" text,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_session" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_order_id_order_info_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payment" ADD CONSTRAINT "order_payment_order_id_order_info_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipment" ADD CONSTRAINT "order_shipment_order_id_order_info_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_timeline" ADD CONSTRAINT "order_timeline_order_id_order_info_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_address_member_idx" ON "buyer_address" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_address_default_uq" ON "buyer_address" USING btree ("member_id") WHERE "buyer_address"."is_default";--> statement-breakpoint
CREATE INDEX "idempotency_record_created_idx" ON "idempotency_record" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_info_no_uq" ON "order_info" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "order_info_bo_created_idx" ON "order_info" USING btree ("bo_id","created_at","id") WHERE "order_info"."seller_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "order_info_bo_status_created_idx" ON "order_info" USING btree ("bo_id","status","created_at","id") WHERE "order_info"."seller_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "order_info_buyer_created_idx" ON "order_info" USING btree ("buyer_member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "order_line_order_idx" ON "order_line" USING btree ("order_id","sort");--> statement-breakpoint
CREATE INDEX "order_line_bo_goods_idx" ON "order_line" USING btree ("bo_id","goods_id");--> statement-breakpoint
CREATE INDEX "order_payment_order_idx" ON "order_payment" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_payment_bo_status_idx" ON "order_payment" USING btree ("bo_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payment_provider_ref_uq" ON "order_payment" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "order_shipment_order_idx" ON "order_shipment" USING btree ("order_id","shipped_at");--> statement-breakpoint
CREATE INDEX "order_timeline_order_idx" ON "order_timeline" USING btree ("order_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_session_token_uq" ON "buyer_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "buyer_session_member_idx" ON "buyer_session" USING btree ("member_id");