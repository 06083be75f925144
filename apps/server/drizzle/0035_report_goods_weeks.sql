CREATE TABLE "order_goods_week" (
	"bo_id" text NOT NULL,
	"week" date NOT NULL,
	"goods_id" text NOT NULL,
	"goods_name" text NOT NULL,
	"lines" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_goods_week_bo_id_week_goods_id_goods_name_pk" PRIMARY KEY("bo_id","week","goods_id","goods_name")
);
