CREATE TABLE "erp_webhook" (
	"bo_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bo_id" text NOT NULL,
	"order_id" text NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"pay_amount" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_push" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"order_id" text NOT NULL,
	"order_no" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error_kind" text,
	"last_status_code" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_push_status_ck" CHECK ("order_push"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "order_event_bo_id_idx" ON "order_event" USING btree ("bo_id","id");--> statement-breakpoint
CREATE INDEX "order_event_at_idx" ON "order_event" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_push_order_uq" ON "order_push" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_push_bo_created_idx" ON "order_push" USING btree ("bo_id","created_at","id");--> statement-breakpoint
CREATE INDEX "order_push_bo_status_created_idx" ON "order_push" USING btree ("bo_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "order_push_bo_no_idx" ON "order_push" USING btree ("bo_id","order_no");--> statement-breakpoint
CREATE INDEX "order_push_due_idx" ON "order_push" USING btree ("next_attempt_at") WHERE "order_push"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "order_info_unpaid_due_idx" ON "order_info" USING btree ("created_at") WHERE "order_info"."status" = 'pendingPayment';--> statement-breakpoint
CREATE INDEX "order_info_shipped_due_idx" ON "order_info" USING btree ("shipped_at") WHERE "order_info"."status" = 'shipped';