CREATE TABLE "area" (
	"code" text PRIMARY KEY NOT NULL,
	"parent_code" text,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"level" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"level" integer NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_item" (
	"id" text PRIMARY KEY NOT NULL,
	"dict_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bo_id" text,
	"member_id" text,
	"call" text NOT NULL,
	"table_name" text NOT NULL,
	"target_id" text NOT NULL,
	"action" text NOT NULL,
	"diff" jsonb NOT NULL,
	"request_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text,
	"member_id" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_version" (
	"id" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"notes" text NOT NULL,
	"released_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_content" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"lang" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"member_id" text NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_role" (
	"employee_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "employee_role_employee_id_role_id_pk" PRIMARY KEY("employee_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "manufacturer" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_function" (
	"role_id" text NOT NULL,
	"func_code" text NOT NULL,
	CONSTRAINT "role_function_role_id_func_code_pk" PRIMARY KEY("role_id","func_code")
);
--> statement-breakpoint
CREATE TABLE "sys_function" (
	"code" text PRIMARY KEY NOT NULL,
	"parent_code" text,
	"kind" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"path" text,
	"icon" text,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member" (
	"id" text PRIMARY KEY NOT NULL,
	"login_name" text NOT NULL,
	"phone" text,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_session" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" text NOT NULL,
	"bo_id" text NOT NULL,
	"employee_id" text NOT NULL,
	"manufacturer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE INDEX "area_parent_idx" ON "area" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "category_parent_idx" ON "category" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "dict_item_dict_idx" ON "dict_item" USING btree ("dict_code","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_bo_uq" ON "shop" USING btree ("bo_id");--> statement-breakpoint
CREATE INDEX "audit_log_bo_at_idx" ON "audit_log" USING btree ("bo_id","at","id");--> statement-breakpoint
CREATE INDEX "stored_file_bo_idx" ON "stored_file" USING btree ("bo_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "web_content_code_lang_uq" ON "web_content" USING btree ("code","lang");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_bo_member_uq" ON "employee" USING btree ("bo_id","member_id");--> statement-breakpoint
CREATE INDEX "employee_member_idx" ON "employee" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "employee_role_role_idx" ON "employee_role" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturer_bo_code_uq" ON "manufacturer" USING btree ("bo_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "role_bo_name_uq" ON "role" USING btree ("bo_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "member_login_name_uq" ON "member" USING btree (lower("login_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "member_phone_uq" ON "member" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "sms_code_phone_idx" ON "sms_code" USING btree ("phone","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_session_token_uq" ON "user_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_session_member_idx" ON "user_session" USING btree ("member_id");