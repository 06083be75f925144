CREATE TABLE "after_sale_apply" (
	"id" text PRIMARY KEY NOT NULL,
	"after_sale_no" text NOT NULL,
	"bo_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"order_id" text NOT NULL,
	"line_id" text NOT NULL,
	"buyer_member_id" text NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'applied' NOT NULL,
	"quantity" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reject_reason" text,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"return_express_code" text,
	"return_tracking_no" text,
	"exchange_express_code" text,
	"exchange_tracking_no" text,
	"decided_at" timestamp with time zone,
	"buyer_shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"exchange_shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "after_sale_type_ck" CHECK ("after_sale_apply"."type" in ('refundOnly', 'returnRefund', 'exchange')),
	CONSTRAINT "after_sale_state_ck" CHECK ("after_sale_apply"."state" in ('applied', 'approved', 'rejected', 'withdrawn', 'buyerShipped', 'received', 'refunded', 'exchangeShipped')),
	CONSTRAINT "after_sale_amounts_ck" CHECK ("after_sale_apply"."quantity" >= 1 and "after_sale_apply"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"bo_id" text NOT NULL,
	"after_sale_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refund_amount_ck" CHECK ("order_refund"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_info" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_setting" ADD COLUMN "after_sale_auto_approve_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "after_sale_apply" ADD CONSTRAINT "after_sale_apply_order_id_order_info_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_apply" ADD CONSTRAINT "after_sale_apply_line_id_order_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund" ADD CONSTRAINT "order_refund_order_id_order_info_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund" ADD CONSTRAINT "order_refund_after_sale_id_after_sale_apply_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sale_apply"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "after_sale_no_uq" ON "after_sale_apply" USING btree ("after_sale_no");--> statement-breakpoint
CREATE INDEX "after_sale_bo_created_idx" ON "after_sale_apply" USING btree ("bo_id","created_at","id");--> statement-breakpoint
CREATE INDEX "after_sale_bo_state_created_idx" ON "after_sale_apply" USING btree ("bo_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "after_sale_bo_type_created_idx" ON "after_sale_apply" USING btree ("bo_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "after_sale_order_idx" ON "after_sale_apply" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "after_sale_line_idx" ON "after_sale_apply" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "after_sale_buyer_created_idx" ON "after_sale_apply" USING btree ("buyer_member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "after_sale_applied_due_idx" ON "after_sale_apply" USING btree ("created_at") WHERE "after_sale_apply"."state" = 'applied';--> statement-breakpoint
CREATE UNIQUE INDEX "order_refund_after_sale_uq" ON "order_refund" USING btree ("after_sale_id");--> statement-breakpoint
CREATE INDEX "order_refund_order_idx" ON "order_refund" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order_info" ADD CONSTRAINT "order_info_refunded_ck" CHECK ("order_info"."refunded_amount" >= 0 and "order_info"."refunded_amount" <= "order_info"."pay_amount");