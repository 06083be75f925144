CREATE TABLE "staff_invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"bo_id" text NOT NULL,
	"member_id" text NOT NULL,
	"invited_by" text NOT NULL,
	"role_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"profession_id" text,
	"base_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unconfirmed_phone" (
	"member_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"set_by" text NOT NULL,
	"bo_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_supplier" ADD COLUMN "consent" text;--> statement-breakpoint
ALTER TABLE "shop_supplier" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_supplier" ADD COLUMN "consent_by" text;--> statement-breakpoint
CREATE INDEX "staff_invitation_bo_idx" ON "staff_invitation" USING btree ("bo_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_invitation_member_idx" ON "staff_invitation" USING btree ("member_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitation_pending_uq" ON "staff_invitation" USING btree ("bo_id","member_id") WHERE "staff_invitation"."state" = 'pending';--> statement-breakpoint
-- Authorisations made before consent existed were never answered by the organisation they name: they wait for it.
UPDATE "shop_supplier" SET "consent" = 'pending' WHERE "kind" = 'authorised';
