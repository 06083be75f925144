CREATE TABLE "goods_score" (
	"bo_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"goods_name" text NOT NULL,
	"image" text,
	"lines" integer DEFAULT 0 NOT NULL,
	"line_sum" bigint DEFAULT 0 NOT NULL,
	"score1" integer DEFAULT 0 NOT NULL,
	"score2" integer DEFAULT 0 NOT NULL,
	"score3" integer DEFAULT 0 NOT NULL,
	"score4" integer DEFAULT 0 NOT NULL,
	"score5" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_score_bo_id_goods_id_pk" PRIMARY KEY("bo_id","goods_id")
);
--> statement-breakpoint
CREATE TABLE "order_evaluation" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"bo_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"buyer_member_id" text NOT NULL,
	"evaluator_bo_id" text,
	"score" integer NOT NULL,
	"description_score" integer NOT NULL,
	"service_score" integer NOT NULL,
	"logistics_score" integer NOT NULL,
	"line_count" integer NOT NULL,
	"image_count" integer DEFAULT 0 NOT NULL,
	"followed_up_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_evaluation_scores_ck" CHECK ("order_evaluation"."score" between 1 and 5 and "order_evaluation"."description_score" between 1 and 5 and "order_evaluation"."service_score" between 1 and 5 and "order_evaluation"."logistics_score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "order_evaluation_content" (
	"id" text PRIMARY KEY NOT NULL,
	"evaluation_id" text NOT NULL,
	"order_id" text NOT NULL,
	"bo_id" text NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_member_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_evaluation_content_kind_ck" CHECK ("order_evaluation_content"."kind" in ('followUp', 'reply'))
);
--> statement-breakpoint
CREATE TABLE "order_evaluation_line" (
	"id" text PRIMARY KEY NOT NULL,
	"evaluation_id" text NOT NULL,
	"order_id" text NOT NULL,
	"bo_id" text NOT NULL,
	"order_line_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"goods_name" text NOT NULL,
	"spec_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image" text,
	"score" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_evaluation_line_score_ck" CHECK ("order_evaluation_line"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "shop_score" (
	"bo_id" text PRIMARY KEY NOT NULL,
	"evaluations" integer DEFAULT 0 NOT NULL,
	"description_sum" bigint DEFAULT 0 NOT NULL,
	"service_sum" bigint DEFAULT 0 NOT NULL,
	"logistics_sum" bigint DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"line_sum" bigint DEFAULT 0 NOT NULL,
	"score1" integer DEFAULT 0 NOT NULL,
	"score2" integer DEFAULT 0 NOT NULL,
	"score3" integer DEFAULT 0 NOT NULL,
	"score4" integer DEFAULT 0 NOT NULL,
	"score5" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"with_images" integer DEFAULT 0 NOT NULL,
	"low_score" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_evaluation" ADD CONSTRAINT "order_evaluation_order_id_order_info_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_info"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_evaluation_content" ADD CONSTRAINT "order_evaluation_content_evaluation_id_order_evaluation_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."order_evaluation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_evaluation_line" ADD CONSTRAINT "order_evaluation_line_evaluation_id_order_evaluation_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."order_evaluation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_score_bo_lines_idx" ON "goods_score" USING btree ("bo_id","lines","goods_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_evaluation_order_uq" ON "order_evaluation" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_evaluation_bo_created_idx" ON "order_evaluation" USING btree ("bo_id","created_at","id");--> statement-breakpoint
CREATE INDEX "order_evaluation_bo_unreplied_idx" ON "order_evaluation" USING btree ("bo_id","created_at","id") WHERE "order_evaluation"."replied_at" is null;--> statement-breakpoint
CREATE INDEX "order_evaluation_bo_images_idx" ON "order_evaluation" USING btree ("bo_id","created_at","id") WHERE "order_evaluation"."image_count" > 0;--> statement-breakpoint
CREATE INDEX "order_evaluation_bo_score_idx" ON "order_evaluation" USING btree ("bo_id","score","created_at","id");--> statement-breakpoint
CREATE INDEX "order_evaluation_buyer_idx" ON "order_evaluation" USING btree ("buyer_member_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_evaluation_content_once_uq" ON "order_evaluation_content" USING btree ("evaluation_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "order_evaluation_line_uq" ON "order_evaluation_line" USING btree ("evaluation_id","order_line_id");--> statement-breakpoint
CREATE INDEX "order_evaluation_line_bo_created_idx" ON "order_evaluation_line" USING btree ("bo_id","created_at","id");--> statement-breakpoint
CREATE INDEX "order_evaluation_line_bo_goods_idx" ON "order_evaluation_line" USING btree ("bo_id","goods_id","created_at","id");