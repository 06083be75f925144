CREATE TABLE "complaint_inform" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"member_id" text NOT NULL,
	"order_id" text NOT NULL,
	"buyer_member_id" text NOT NULL,
	"about" text NOT NULL,
	"category" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_delivery_round" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"bo_id" text NOT NULL,
	"seq" integer NOT NULL,
	"planned_on" text NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"express_code" text,
	"tracking_no" text,
	"lines" jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"shipment_id" text,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_delivery_round_status_ck" CHECK ("order_delivery_round"."status" in ('planned', 'shipped', 'delivered'))
);
--> statement-breakpoint
CREATE TABLE "order_fulfil" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"bo_id" text NOT NULL,
	"mode" text NOT NULL,
	"repeat_times" integer,
	"repeat_every_days" integer,
	"pickup_point" jsonb,
	"pickup_code" text,
	"picked_up_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_fulfil_mode_ck" CHECK ("order_fulfil"."mode" in ('repeated', 'pickup'))
);
--> statement-breakpoint
ALTER TABLE "complaint_inform" ADD CONSTRAINT "complaint_inform_order_id_order_info_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_delivery_round" ADD CONSTRAINT "order_delivery_round_order_id_order_info_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_fulfil" ADD CONSTRAINT "order_fulfil_order_id_order_info_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_inform_order_idx" ON "complaint_inform" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "complaint_inform_bo_idx" ON "complaint_inform" USING btree ("bo_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_delivery_round_seq_uq" ON "order_delivery_round" USING btree ("order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "order_fulfil_order_uq" ON "order_fulfil" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_fulfil_code_uq" ON "order_fulfil" USING btree ("bo_id","pickup_code");--> statement-breakpoint
CREATE INDEX "order_fulfil_awaiting_idx" ON "order_fulfil" USING btree ("bo_id","mode","created_at") WHERE "order_fulfil"."picked_up_at" is null;