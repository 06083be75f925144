CREATE TABLE "order_todo_count" (
	"bo_id" text NOT NULL,
	"kind" text NOT NULL,
	"slot" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_todo_count_bo_id_kind_slot_pk" PRIMARY KEY("bo_id","kind","slot")
);
--> statement-breakpoint
CREATE TABLE "buyer_day_rollup" (
	"bo_id" text NOT NULL,
	"day" date NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"refund_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "buyer_day_rollup_bo_id_day_pk" PRIMARY KEY("bo_id","day")
);
--> statement-breakpoint
CREATE TABLE "order_buyer_day" (
	"bo_id" text NOT NULL,
	"buyer_member_id" text NOT NULL,
	"day" date NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_buyer_day_bo_id_buyer_member_id_day_pk" PRIMARY KEY("bo_id","buyer_member_id","day")
);
--> statement-breakpoint
CREATE TABLE "order_buyer_last" (
	"bo_id" text NOT NULL,
	"buyer_member_id" text NOT NULL,
	"last_day" date,
	CONSTRAINT "order_buyer_last_bo_id_buyer_member_id_pk" PRIMARY KEY("bo_id","buyer_member_id")
);
--> statement-breakpoint
CREATE TABLE "order_day_rollup" (
	"bo_id" text NOT NULL,
	"day" date NOT NULL,
	"slot" integer NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"refund_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_rollup_bo_id_day_slot_pk" PRIMARY KEY("bo_id","day","slot")
);
--> statement-breakpoint
CREATE TABLE "order_goods_day" (
	"bo_id" text NOT NULL,
	"day" date NOT NULL,
	"goods_id" text NOT NULL,
	"goods_name" text NOT NULL,
	"lines" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_goods_day_bo_id_day_goods_id_goods_name_pk" PRIMARY KEY("bo_id","day","goods_id","goods_name")
);
--> statement-breakpoint
CREATE INDEX "order_buyer_day_bo_day_idx" ON "order_buyer_day" USING btree ("bo_id","day");--> statement-breakpoint
CREATE INDEX "order_buyer_last_bo_day_idx" ON "order_buyer_last" USING btree ("bo_id","last_day");