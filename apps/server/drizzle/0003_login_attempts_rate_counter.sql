CREATE TABLE "login_attempt" (
	"login_key" text PRIMARY KEY NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_counter" (
	"ip" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_counter_ip_window_start_pk" PRIMARY KEY("ip","window_start")
);
--> statement-breakpoint
CREATE INDEX "rate_counter_window_idx" ON "rate_counter" USING btree ("window_start");--> statement-breakpoint
-- Failed logins and locks move from the account to its normalised login name.
INSERT INTO "login_attempt" ("login_key", "failed", "locked_until")
  SELECT lower(trim("login_name")), "failed_logins", "locked_until" FROM "member"
  WHERE "failed_logins" > 0 OR "locked_until" > now()
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "member" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "member" DROP COLUMN "locked_until";