CREATE TABLE "payment_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"order_id" text NOT NULL,
	"bo_id" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refund_amount_ck" CHECK ("payment_refund"."amount" > 0),
	CONSTRAINT "payment_refund_status_ck" CHECK ("payment_refund"."status" in ('due', 'refunded')),
	CONSTRAINT "payment_refund_done_ck" CHECK (("payment_refund"."status" = 'refunded') = ("payment_refund"."provider_ref" is not null and "payment_refund"."refunded_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_payment_id_order_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_order_id_order_info_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refund_payment_uq" ON "payment_refund" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refund_order_idx" ON "payment_refund" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_refund_bo_created_idx" ON "payment_refund" USING btree ("bo_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_refund_bo_refunded_idx" ON "payment_refund" USING btree ("bo_id","refunded_at");