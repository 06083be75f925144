CREATE TABLE "order_status_count" (
	"bo_id" text NOT NULL,
	"status" text NOT NULL,
	"slot" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_count_bo_id_status_slot_pk" PRIMARY KEY("bo_id","status","slot")
);
--> statement-breakpoint
DROP INDEX "order_info_no_pattern_idx";--> statement-breakpoint
CREATE INDEX "order_info_bo_no_idx" ON "order_info" USING btree ("bo_id","order_no" text_pattern_ops);--> statement-breakpoint
-- The order list's tab counts without a keyword, dates or need (orders.repository.ts, tabCounts): the net change per
-- (organisation, status) of the rows a statement touched, counting only rows the seller has not deleted, added to the
-- backend's own slot so that concurrent transactions of one seller rarely wait on the same counter row.
CREATE OR REPLACE FUNCTION sbo_order_status_count() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  s int := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_count (bo_id, status, slot, n)
    SELECT bo_id, status, s, count(*) FROM new_rows WHERE seller_deleted_at IS NULL GROUP BY 1, 2
    ON CONFLICT (bo_id, status, slot) DO UPDATE SET n = order_status_count.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_status_count (bo_id, status, slot, n)
    SELECT bo_id, status, s, -count(*) FROM old_rows WHERE seller_deleted_at IS NULL GROUP BY 1, 2
    ON CONFLICT (bo_id, status, slot) DO UPDATE SET n = order_status_count.n + excluded.n;
  ELSE
    INSERT INTO order_status_count (bo_id, status, slot, n)
    SELECT bo_id, status, s, sum(d) FROM (
      SELECT bo_id, status, -1 AS d FROM old_rows WHERE seller_deleted_at IS NULL
      UNION ALL
      SELECT bo_id, status, 1 AS d FROM new_rows WHERE seller_deleted_at IS NULL
    ) x GROUP BY 1, 2 HAVING sum(d) <> 0
    ON CONFLICT (bo_id, status, slot) DO UPDATE SET n = order_status_count.n + excluded.n;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER order_status_count_ins AFTER INSERT ON order_info REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_order_status_count();--> statement-breakpoint
CREATE TRIGGER order_status_count_upd AFTER UPDATE ON order_info REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_order_status_count();--> statement-breakpoint
CREATE TRIGGER order_status_count_del AFTER DELETE ON order_info REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_order_status_count();--> statement-breakpoint
INSERT INTO order_status_count (bo_id, status, slot, n)
SELECT bo_id, status, 0, count(*) FROM order_info WHERE seller_deleted_at IS NULL GROUP BY 1, 2;
