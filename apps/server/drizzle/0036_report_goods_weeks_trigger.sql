-- The dashboard's top goods by week (Monday to Sunday) beside the days (statement/rollup.tables.ts): kept from
-- order_goods_day by a statement-level trigger, so every write of the days (the rollup triggers, the rebuild) moves
-- its week too.
CREATE OR REPLACE FUNCTION sbo_week(p_day date) RETURNS date LANGUAGE sql IMMUTABLE AS $fn$
  SELECT p_day - (extract(isodow FROM p_day)::int - 1)
$fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sbo_rollup_goods_week() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_goods_week AS r (bo_id, week, goods_id, goods_name, lines, quantity, amount)
    SELECT bo_id, sbo_week(day), goods_id, goods_name, sum(lines), sum(quantity), sum(amount)
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (bo_id, week, goods_id, goods_name) DO UPDATE
      SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, amount = r.amount + excluded.amount;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO order_goods_week AS r (bo_id, week, goods_id, goods_name, lines, quantity, amount)
    SELECT bo_id, sbo_week(day), goods_id, goods_name, sum(lines), sum(quantity), sum(amount)
    FROM (SELECT bo_id, day, goods_id, goods_name, lines, quantity, amount FROM new_rows
          UNION ALL
          SELECT bo_id, day, goods_id, goods_name, -lines, -quantity, -amount FROM old_rows) x
    GROUP BY 1, 2, 3, 4
    HAVING sum(lines) <> 0 OR sum(quantity) <> 0 OR sum(amount) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (bo_id, week, goods_id, goods_name) DO UPDATE
      SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, amount = r.amount + excluded.amount;
  ELSE
    INSERT INTO order_goods_week AS r (bo_id, week, goods_id, goods_name, lines, quantity, amount)
    SELECT bo_id, sbo_week(day), goods_id, goods_name, -sum(lines), -sum(quantity), -sum(amount)
    FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (bo_id, week, goods_id, goods_name) DO UPDATE
      SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, amount = r.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- Every rollup of one organisation recomputed from the raw tables: its sales, goods, buyers and to-dos as a seller, its
-- purchases as a buyer. p_lock false only where nothing else can write (this migration holds the tables' locks).
CREATE OR REPLACE FUNCTION sbo_rollup_rebuild(p_bo text, p_lock boolean DEFAULT true) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  z text;
BEGIN
  IF p_lock THEN
    PERFORM pg_advisory_xact_lock(hashtext('sbo.rollup:' || p_bo));
  END IF;
  z := sbo_bo_zone(p_bo);
  DELETE FROM order_day_rollup WHERE bo_id = p_bo;
  INSERT INTO order_day_rollup (bo_id, day, slot, orders, sales, fees, refunds, refund_count)
  SELECT p_bo, x.day, 0, sum(x.orders), sum(x.sales), sum(x.fees), sum(x.refunds), sum(x.refund_count)
  FROM (SELECT (o.paid_at AT TIME ZONE z)::date AS day, count(*) AS orders, sum(o.pay_amount) AS sales,
               sum(sbo_service_fee(o.pay_amount, o.freight_amount)) AS fees, 0 AS refunds, 0 AS refund_count
        FROM order_info o WHERE o.bo_id = p_bo AND o.paid_at IS NOT NULL AND o.status <> 'cancelled' GROUP BY 1
        UNION ALL
        SELECT (f.created_at AT TIME ZONE z)::date, 0, 0, 0, sum(f.amount), count(*)
        FROM order_refund f WHERE f.bo_id = p_bo GROUP BY 1) x
  GROUP BY x.day;
  DELETE FROM buyer_day_rollup WHERE bo_id = p_bo;
  INSERT INTO buyer_day_rollup (bo_id, day, orders, sales, refunds, refund_count)
  SELECT p_bo, x.day, sum(x.orders), sum(x.sales), sum(x.refunds), sum(x.refund_count)
  FROM (SELECT (o.paid_at AT TIME ZONE z)::date AS day, count(*) AS orders, sum(o.pay_amount) AS sales, 0 AS refunds, 0 AS refund_count
        FROM order_info o WHERE o.buyer_bo_id = p_bo AND o.paid_at IS NOT NULL AND o.status <> 'cancelled' GROUP BY 1
        UNION ALL
        SELECT (f.created_at AT TIME ZONE z)::date, 0, 0, sum(f.amount), count(*)
        FROM order_refund f JOIN order_info o ON o.id = f.order_id WHERE o.buyer_bo_id = p_bo GROUP BY 1) x
  GROUP BY x.day;
  DELETE FROM order_goods_day WHERE bo_id = p_bo;
  -- The weeks followed the days' deletion; what is left of them is zeros.
  DELETE FROM order_goods_week WHERE bo_id = p_bo;
  INSERT INTO order_goods_day (bo_id, day, goods_id, goods_name, lines, quantity, amount)
  SELECT p_bo, (o.paid_at AT TIME ZONE z)::date, l.goods_id, l.goods_name, count(*), sum(l.quantity), sum(coalesce(l.revised_amount, l.amount))
  FROM order_info o JOIN order_line l ON l.order_id = o.id
  WHERE o.bo_id = p_bo AND o.paid_at IS NOT NULL AND o.status <> 'cancelled'
  GROUP BY 2, 3, 4;
  DELETE FROM order_buyer_day WHERE bo_id = p_bo;
  INSERT INTO order_buyer_day (bo_id, buyer_member_id, day, orders)
  SELECT p_bo, o.buyer_member_id, (o.paid_at AT TIME ZONE z)::date, count(*)
  FROM order_info o WHERE o.bo_id = p_bo AND o.paid_at IS NOT NULL AND o.status <> 'cancelled'
  GROUP BY 2, 3;
  DELETE FROM order_buyer_last WHERE bo_id = p_bo;
  INSERT INTO order_buyer_last (bo_id, buyer_member_id, last_day)
  SELECT p_bo, b.buyer_member_id, max(b.day) FROM order_buyer_day b WHERE b.bo_id = p_bo GROUP BY 2;
  DELETE FROM order_todo_count WHERE bo_id = p_bo;
  INSERT INTO order_todo_count (bo_id, kind, slot, n)
  SELECT p_bo, 'reminded', 0, count(*) FROM order_info o
  WHERE o.bo_id = p_bo AND o.seller_deleted_at IS NULL AND o.status IN ('paid', 'partlyShipped') AND o.remind_count > 0
  HAVING count(*) > 0
  UNION ALL
  SELECT p_bo, 'voucher', 0, count(*) FROM order_info o
  WHERE o.bo_id = p_bo AND o.seller_deleted_at IS NULL
    AND o.id IN (SELECT p.order_id FROM order_payment p WHERE p.method = 'offline' AND p.status = 'reviewing')
  HAVING count(*) > 0;
END
$fn$;--> statement-breakpoint
INSERT INTO order_goods_week (bo_id, week, goods_id, goods_name, lines, quantity, amount)
SELECT bo_id, sbo_week(day), goods_id, goods_name, sum(lines), sum(quantity), sum(amount)
FROM order_goods_day GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE TRIGGER order_goods_week_ins AFTER INSERT ON order_goods_day REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_goods_week();--> statement-breakpoint
CREATE TRIGGER order_goods_week_upd AFTER UPDATE ON order_goods_day REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_goods_week();--> statement-breakpoint
CREATE TRIGGER order_goods_week_del AFTER DELETE ON order_goods_day REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_goods_week();--> statement-breakpoint
-- The planner's statistics of the rollups filled so far (without them it sorts a seller's goods rows on disk).
ANALYZE order_day_rollup;--> statement-breakpoint
ANALYZE buyer_day_rollup;--> statement-breakpoint
ANALYZE order_goods_day;--> statement-breakpoint
ANALYZE order_goods_week;--> statement-breakpoint
ANALYZE order_buyer_day;--> statement-breakpoint
ANALYZE order_buyer_last;--> statement-breakpoint
ANALYZE order_todo_count;
