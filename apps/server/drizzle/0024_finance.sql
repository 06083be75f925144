CREATE TABLE "finance_bank_card" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"card_no" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"sign_no" text NOT NULL,
	"bill_no" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_bank_card_state_ck" CHECK ("finance_bank_card"."state" in ('active', 'replaced', 'removed')),
	CONSTRAINT "finance_bank_card_ended_ck" CHECK (("finance_bank_card"."state" = 'active') = ("finance_bank_card"."ended_at" is null))
);
--> statement-breakpoint
CREATE TABLE "finance_bill" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"bill_no" text NOT NULL,
	"state" text DEFAULT 'issued' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_bill_state_ck" CHECK ("finance_bill"."state" in ('issued', 'used', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "settlement_bank_request" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"action" text NOT NULL,
	"bill_no" text,
	"sign_no" text NOT NULL,
	"card_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_bank_request_action_ck" CHECK ("settlement_bank_request"."action" in ('sign', 'update', 'remove'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "finance_bank_card_active_uq" ON "finance_bank_card" USING btree ("bo_id") WHERE "finance_bank_card"."state" = 'active';--> statement-breakpoint
CREATE INDEX "finance_bank_card_bo_idx" ON "finance_bank_card" USING btree ("bo_id","signed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_bill_no_uq" ON "finance_bill" USING btree ("bill_no");--> statement-breakpoint
CREATE INDEX "finance_bill_bo_idx" ON "finance_bill" USING btree ("bo_id","created_at");--> statement-breakpoint
CREATE INDEX "settlement_bank_request_bo_idx" ON "settlement_bank_request" USING btree ("bo_id","created_at");--> statement-breakpoint
-- Statements and the dashboard (docs/domains/statement.md): a seller's orders paid in a range of days and the
-- refunds made in it, read from the index alone (the amounts are covered).
CREATE INDEX "order_info_bo_paid_idx" ON "order_info" USING btree ("bo_id","paid_at") INCLUDE ("pay_amount","freight_amount","buyer_member_id","status") WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_refund_bo_created_idx" ON "order_refund" USING btree ("bo_id","created_at") INCLUDE ("amount");
