CREATE TABLE "invoice_request" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"order_id" text NOT NULL,
	"order_no" text NOT NULL,
	"buyer_member_id" text NOT NULL,
	"requested_by" text DEFAULT 'buyer' NOT NULL,
	"requester_bo_id" text,
	"title_id" text,
	"title" jsonb NOT NULL,
	"invoice_type" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"invoice_no" text,
	"issued_at" timestamp with time zone,
	"file_id" text,
	"refuse_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_request_state_ck" CHECK ("invoice_request"."state" in ('requested', 'issued', 'refused')),
	CONSTRAINT "invoice_request_amount_ck" CHECK ("invoice_request"."amount" >= 0),
	CONSTRAINT "invoice_request_outcome_ck" CHECK (("invoice_request"."state" <> 'issued' or ("invoice_request"."invoice_no" is not null and "invoice_request"."issued_at" is not null and "invoice_request"."file_id" is not null))
        and ("invoice_request"."state" <> 'refused' or "invoice_request"."refuse_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "invoice_title" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text,
	"member_id" text,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"tax_no" text DEFAULT '' NOT NULL,
	"invoice_type" text DEFAULT 'ordinary' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"registered_address" text DEFAULT '' NOT NULL,
	"registered_phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_title_owner_ck" CHECK (("invoice_title"."bo_id" is null) <> ("invoice_title"."member_id" is null)),
	CONSTRAINT "invoice_title_kind_ck" CHECK ("invoice_title"."kind" in ('personal', 'company')),
	CONSTRAINT "invoice_title_type_ck" CHECK ("invoice_title"."invoice_type" in ('ordinary', 'special')),
	CONSTRAINT "invoice_title_special_ck" CHECK ("invoice_title"."invoice_type" = 'ordinary' or ("invoice_title"."kind" = 'company' and "invoice_title"."tax_no" <> '' and "invoice_title"."bank_name" <> '' and "invoice_title"."bank_account" <> '' and "invoice_title"."registered_address" <> '' and "invoice_title"."registered_phone" <> ''))
);
--> statement-breakpoint
ALTER TABLE "invoice_request" ADD CONSTRAINT "invoice_request_order_id_order_info_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_request_order_open_uq" ON "invoice_request" USING btree ("order_id") WHERE "invoice_request"."state" in ('requested', 'issued');--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_request_bo_no_uq" ON "invoice_request" USING btree ("bo_id","invoice_no") WHERE "invoice_request"."invoice_no" is not null;--> statement-breakpoint
CREATE INDEX "invoice_request_bo_created_idx" ON "invoice_request" USING btree ("bo_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_request_bo_state_created_idx" ON "invoice_request" USING btree ("bo_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_request_bo_order_no_idx" ON "invoice_request" USING btree ("bo_id","order_no");--> statement-breakpoint
CREATE INDEX "invoice_request_order_idx" ON "invoice_request" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_request_buyer_created_idx" ON "invoice_request" USING btree ("buyer_member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_title_bo_idx" ON "invoice_title" USING btree ("bo_id","created_at") WHERE "invoice_title"."bo_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_title_member_idx" ON "invoice_title" USING btree ("member_id","created_at") WHERE "invoice_title"."member_id" is not null;