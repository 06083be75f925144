-- The reports' rollups (docs/domains/statement.md, "Rollups"): kept exact by the triggers below in the same transaction
-- as every change of an order, its lines, its payments and its refunds, and rebuilt per organisation by
-- sbo_rollup_rebuild (this migration's fill, `npm run db:rollups`, a shop's time-zone change). Days are calendar days in
-- the organisation's time zone: its shop's setting, else Asia/Shanghai (the session's rule, shop-port.ts).
CREATE OR REPLACE FUNCTION sbo_bo_zone(p_bo text) RETURNS text LANGUAGE sql STABLE AS $fn$
  SELECT coalesce((SELECT ss.time_zone FROM shop s JOIN shop_setting ss ON ss.shop_id = s.id WHERE s.bo_id = p_bo LIMIT 1), 'Asia/Shanghai')
$fn$;--> statement-breakpoint
-- The platform's service fee of an order: SERVICE_FEE_BP (60) basis points of the goods paid for (pay − freight),
-- half up to a cent, as statement.repository.ts and the orders' fetchServiceUnitFee compute it (a test compares them).
CREATE OR REPLACE FUNCTION sbo_service_fee(p_pay bigint, p_freight bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $fn$
  SELECT (greatest(p_pay - p_freight, 0) * 60 + 5000) / 10000
$fn$;--> statement-breakpoint
-- Writers take an organisation's rollup lock shared (many at once), a rebuild takes it alone: a rebuild neither
-- misses nor doubles a change made while it runs.
CREATE OR REPLACE FUNCTION sbo_rollup_lock(p_bos text[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  b text;
BEGIN
  FOR b IN SELECT DISTINCT x FROM unnest(p_bos) x WHERE x IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared(hashtext('sbo.rollup:' || b));
  END LOOP;
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
-- Before an order is deleted (tests, manual repairs: the app never deletes one), what it adds through its children:
-- the cascade deletes its lines, refunds and payments after the order row is gone, when their triggers can no longer
-- read it. The order's own figures leave with the statement trigger's old rows.
CREATE OR REPLACE FUNCTION sbo_rollup_order_gone() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  s int := pg_backend_pid() % 16;
BEGIN
  PERFORM sbo_rollup_lock(ARRAY[OLD.bo_id, OLD.buyer_bo_id]);
  IF OLD.paid_at IS NOT NULL AND OLD.status <> 'cancelled' THEN
    INSERT INTO order_goods_day AS r (bo_id, day, goods_id, goods_name, lines, quantity, amount)
    SELECT OLD.bo_id, (OLD.paid_at AT TIME ZONE sbo_bo_zone(OLD.bo_id))::date, l.goods_id, l.goods_name,
           -count(*), -sum(l.quantity), -sum(coalesce(l.revised_amount, l.amount))
    FROM order_line l WHERE l.order_id = OLD.id
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (bo_id, day, goods_id, goods_name) DO UPDATE
      SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, amount = r.amount + excluded.amount;
  END IF;
  IF OLD.buyer_bo_id IS NOT NULL THEN
    INSERT INTO buyer_day_rollup AS r (bo_id, day, refunds, refund_count)
    SELECT OLD.buyer_bo_id, (f.created_at AT TIME ZONE sbo_bo_zone(OLD.buyer_bo_id))::date, -sum(f.amount), -count(*)
    FROM order_refund f WHERE f.order_id = OLD.id
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day) DO UPDATE SET refunds = r.refunds + excluded.refunds, refund_count = r.refund_count + excluded.refund_count;
  END IF;
  IF OLD.seller_deleted_at IS NULL
     AND EXISTS (SELECT 1 FROM order_payment p WHERE p.order_id = OLD.id AND p.method = 'offline' AND p.status = 'reviewing') THEN
    INSERT INTO order_todo_count AS r (bo_id, kind, slot, n) VALUES (OLD.bo_id, 'voucher', s, -1)
    ON CONFLICT (bo_id, kind, slot) DO UPDATE SET n = r.n + excluded.n;
  END IF;
  RETURN OLD;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER order_rollup_gone BEFORE DELETE ON order_info FOR EACH ROW EXECUTE FUNCTION sbo_rollup_order_gone();--> statement-breakpoint

-- order_info: the order's own figures (its day, buyer, to-dos) and, when it enters or leaves the paid days, its lines.
CREATE OR REPLACE FUNCTION sbo_rollup_order() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  s int := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sbo_rollup_lock(ARRAY(SELECT bo_id FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) x UNION SELECT buyer_bo_id FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) x WHERE buyer_bo_id IS NOT NULL));
    INSERT INTO order_day_rollup AS r (bo_id, day, slot, orders, sales, fees)
    SELECT c.bo_id, (c.paid_at AT TIME ZONE z.zone)::date, s, sum(c.d), sum(c.d * c.pay_amount), sum(c.d * sbo_service_fee(c.pay_amount, c.freight_amount))
    FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT bo_id AS b FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) x WHERE bo_id IS NOT NULL) y) z ON z.b = c.bo_id
    WHERE c.paid_at IS NOT NULL AND c.status <> 'cancelled'
    GROUP BY 1, 2
    HAVING sum(c.d) <> 0 OR sum(c.d * c.pay_amount) <> 0 OR sum(c.d * sbo_service_fee(c.pay_amount, c.freight_amount)) <> 0
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day, slot) DO UPDATE SET orders = r.orders + excluded.orders, sales = r.sales + excluded.sales, fees = r.fees + excluded.fees;
    INSERT INTO buyer_day_rollup AS r (bo_id, day, orders, sales)
    SELECT c.buyer_bo_id, (c.paid_at AT TIME ZONE z.zone)::date, sum(c.d), sum(c.d * c.pay_amount)
    FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT buyer_bo_id AS b FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) x WHERE buyer_bo_id IS NOT NULL) y) z ON z.b = c.buyer_bo_id
    WHERE c.paid_at IS NOT NULL AND c.status <> 'cancelled'
    GROUP BY 1, 2
    HAVING sum(c.d) <> 0 OR sum(c.d * c.pay_amount) <> 0
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day) DO UPDATE SET orders = r.orders + excluded.orders, sales = r.sales + excluded.sales;
    INSERT INTO order_buyer_day AS r (bo_id, buyer_member_id, day, orders)
    SELECT c.bo_id, c.buyer_member_id, (c.paid_at AT TIME ZONE z.zone)::date, sum(c.d)
    FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT bo_id AS b FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) x WHERE bo_id IS NOT NULL) y) z ON z.b = c.bo_id
    WHERE c.paid_at IS NOT NULL AND c.status <> 'cancelled'
    GROUP BY 1, 2, 3
    HAVING sum(c.d) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (bo_id, buyer_member_id, day) DO UPDATE SET orders = r.orders + excluded.orders;
    INSERT INTO order_buyer_last AS r (bo_id, buyer_member_id, last_day)
    SELECT p.bo_id, p.buyer_member_id,
           (SELECT max(b.day) FROM order_buyer_day b WHERE b.bo_id = p.bo_id AND b.buyer_member_id = p.buyer_member_id AND b.orders > 0)
    FROM (SELECT DISTINCT c.bo_id, c.buyer_member_id
          FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT bo_id AS b FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) x WHERE bo_id IS NOT NULL) y) z ON z.b = c.bo_id
          WHERE c.paid_at IS NOT NULL AND c.status <> 'cancelled'
          GROUP BY c.bo_id, c.buyer_member_id, (c.paid_at AT TIME ZONE z.zone)::date
          HAVING sum(c.d) <> 0) p
    ORDER BY 1, 2
    ON CONFLICT (bo_id, buyer_member_id) DO UPDATE SET last_day = excluded.last_day;
    INSERT INTO order_todo_count AS r (bo_id, kind, slot, n)
    SELECT * FROM (      SELECT c.bo_id, 'reminded', s, sum(c.d) FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) c
      WHERE c.seller_deleted_at IS NULL AND c.status IN ('paid', 'partlyShipped') AND c.remind_count > 0
      GROUP BY 1 HAVING sum(c.d) <> 0) t
    ORDER BY 1, 2
    ON CONFLICT (bo_id, kind, slot) DO UPDATE SET n = r.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM sbo_rollup_lock(ARRAY(SELECT bo_id FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) x UNION SELECT buyer_bo_id FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) x WHERE buyer_bo_id IS NOT NULL));
    INSERT INTO order_day_rollup AS r (bo_id, day, slot, orders, sales, fees)
    SELECT c.bo_id, (c.paid_at AT TIME ZONE z.zone)::date, s, sum(c.d), sum(c.d * c.pay_amount), sum(c.d * sbo_service_fee(c.pay_amount, c.freight_amount))
    FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT bo_id AS b FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) x WHERE bo_id IS NOT NULL) y) z ON z.b = c.bo_id
    WHERE c.paid_at IS NOT NULL AND c.status <> 'cancelled'
    GROUP BY 1, 2
    HAVING sum(c.d) <> 0 OR sum(c.d * c.pay_amount) <> 0 OR sum(c.d * sbo_service_fee(c.pay_amount, c.freight_amount)) <> 0
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day, slot) DO UPDATE SET orders = r.orders + excluded.orders, sales = r.sales + excluded.sales, fees = r.fees + excluded.fees;
    INSERT INTO buyer_day_rollup AS r (bo_id, day, orders, sales)
    SELECT c.buyer_bo_id, (c.paid_at AT TIME ZONE z.zone)::date, sum(c.d), sum(c.d * c.pay_amount)
    FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT buyer_bo_id AS b FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) x WHERE buyer_bo_id IS NOT NULL) y) z ON z.b = c.buyer_bo_id
    WHERE c.paid_at IS NOT NULL AND c.status <> 'cancelled'
    GROUP BY 1, 2
    HAVING sum(c.d) <> 0 OR sum(c.d * c.pay_amount) <> 0
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day) DO UPDATE SET orders = r.orders + excluded.orders, sales = r.sales + excluded.sales;
    INSERT INTO order_buyer_day AS r (bo_id, buyer_member_id, day, orders)
    SELECT c.bo_id, c.buyer_member_id, (c.paid_at AT TIME ZONE z.zone)::date, sum(c.d)
    FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT bo_id AS b FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) x WHERE bo_id IS NOT NULL) y) z ON z.b = c.bo_id
    WHERE c.paid_at IS NOT NULL AND c.status <> 'cancelled'
    GROUP BY 1, 2, 3
    HAVING sum(c.d) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (bo_id, buyer_member_id, day) DO UPDATE SET orders = r.orders + excluded.orders;
    INSERT INTO order_buyer_last AS r (bo_id, buyer_member_id, last_day)
    SELECT p.bo_id, p.buyer_member_id,
           (SELECT max(b.day) FROM order_buyer_day b WHERE b.bo_id = p.bo_id AND b.buyer_member_id = p.buyer_member_id AND b.orders > 0)
    FROM (SELECT DISTINCT c.bo_id, c.buyer_member_id
          FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT bo_id AS b FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) x WHERE bo_id IS NOT NULL) y) z ON z.b = c.bo_id
          WHERE c.paid_at IS NOT NULL AND c.status <> 'cancelled'
          GROUP BY c.bo_id, c.buyer_member_id, (c.paid_at AT TIME ZONE z.zone)::date
          HAVING sum(c.d) <> 0) p
    ORDER BY 1, 2
    ON CONFLICT (bo_id, buyer_member_id) DO UPDATE SET last_day = excluded.last_day;
    INSERT INTO order_goods_day AS r (bo_id, day, goods_id, goods_name, lines, quantity, amount)
    SELECT k.bo_id, k.day, l.goods_id, l.goods_name, sum(k.d), sum(k.d * l.quantity), sum(k.d * coalesce(l.revised_amount, l.amount))
    FROM (SELECT c.id, c.bo_id, (c.paid_at AT TIME ZONE z.zone)::date AS day, sum(c.d) AS d
          FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT bo_id AS b FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) x WHERE bo_id IS NOT NULL) y) z ON z.b = c.bo_id
          WHERE c.paid_at IS NOT NULL AND c.status <> 'cancelled'
          GROUP BY 1, 2, 3
          HAVING sum(c.d) <> 0) k
    JOIN order_line l ON l.order_id = k.id
    GROUP BY 1, 2, 3, 4
    HAVING sum(k.d) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (bo_id, day, goods_id, goods_name) DO UPDATE
      SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, amount = r.amount + excluded.amount;
    INSERT INTO order_todo_count AS r (bo_id, kind, slot, n)
    SELECT * FROM (      SELECT c.bo_id, 'reminded', s, sum(c.d) FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) c
      WHERE c.seller_deleted_at IS NULL AND c.status IN ('paid', 'partlyShipped') AND c.remind_count > 0
      GROUP BY 1 HAVING sum(c.d) <> 0
      UNION ALL SELECT c.bo_id, 'voucher', s, sum(c.d) FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows UNION ALL SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, 1 AS d FROM new_rows) c
      WHERE c.seller_deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM order_payment p WHERE p.order_id = c.id AND p.method = 'offline' AND p.status = 'reviewing')
      GROUP BY 1 HAVING sum(c.d) <> 0) t
    ORDER BY 1, 2
    ON CONFLICT (bo_id, kind, slot) DO UPDATE SET n = r.n + excluded.n;
    -- An organisation's purchase moved to another organisation (never done by the app): its refunds move with it.
    INSERT INTO buyer_day_rollup AS r (bo_id, day, refunds, refund_count)
    SELECT x.bo, (f.created_at AT TIME ZONE sbo_bo_zone(x.bo))::date, sum(x.d * f.amount), sum(x.d)
    FROM (SELECT o.id, o.buyer_bo_id AS bo, -1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.buyer_bo_id IS DISTINCT FROM n.buyer_bo_id AND o.buyer_bo_id IS NOT NULL
          UNION ALL
          SELECT n.id, n.buyer_bo_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.buyer_bo_id IS DISTINCT FROM n.buyer_bo_id AND n.buyer_bo_id IS NOT NULL) x
    JOIN order_refund f ON f.order_id = x.id
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day) DO UPDATE SET refunds = r.refunds + excluded.refunds, refund_count = r.refund_count + excluded.refund_count;
  ELSE
    PERFORM sbo_rollup_lock(ARRAY(SELECT bo_id FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows) x UNION SELECT buyer_bo_id FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows) x WHERE buyer_bo_id IS NOT NULL));
    INSERT INTO order_day_rollup AS r (bo_id, day, slot, orders, sales, fees)
    SELECT c.bo_id, (c.paid_at AT TIME ZONE z.zone)::date, s, sum(c.d), sum(c.d * c.pay_amount), sum(c.d * sbo_service_fee(c.pay_amount, c.freight_amount))
    FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT bo_id AS b FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows) x WHERE bo_id IS NOT NULL) y) z ON z.b = c.bo_id
    WHERE c.paid_at IS NOT NULL AND c.status <> 'cancelled'
    GROUP BY 1, 2
    HAVING sum(c.d) <> 0 OR sum(c.d * c.pay_amount) <> 0 OR sum(c.d * sbo_service_fee(c.pay_amount, c.freight_amount)) <> 0
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day, slot) DO UPDATE SET orders = r.orders + excluded.orders, sales = r.sales + excluded.sales, fees = r.fees + excluded.fees;
    INSERT INTO buyer_day_rollup AS r (bo_id, day, orders, sales)
    SELECT c.buyer_bo_id, (c.paid_at AT TIME ZONE z.zone)::date, sum(c.d), sum(c.d * c.pay_amount)
    FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT buyer_bo_id AS b FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows) x WHERE buyer_bo_id IS NOT NULL) y) z ON z.b = c.buyer_bo_id
    WHERE c.paid_at IS NOT NULL AND c.status <> 'cancelled'
    GROUP BY 1, 2
    HAVING sum(c.d) <> 0 OR sum(c.d * c.pay_amount) <> 0
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day) DO UPDATE SET orders = r.orders + excluded.orders, sales = r.sales + excluded.sales;
    INSERT INTO order_buyer_day AS r (bo_id, buyer_member_id, day, orders)
    SELECT c.bo_id, c.buyer_member_id, (c.paid_at AT TIME ZONE z.zone)::date, sum(c.d)
    FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT bo_id AS b FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows) x WHERE bo_id IS NOT NULL) y) z ON z.b = c.bo_id
    WHERE c.paid_at IS NOT NULL AND c.status <> 'cancelled'
    GROUP BY 1, 2, 3
    HAVING sum(c.d) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (bo_id, buyer_member_id, day) DO UPDATE SET orders = r.orders + excluded.orders;
    INSERT INTO order_buyer_last AS r (bo_id, buyer_member_id, last_day)
    SELECT p.bo_id, p.buyer_member_id,
           (SELECT max(b.day) FROM order_buyer_day b WHERE b.bo_id = p.bo_id AND b.buyer_member_id = p.buyer_member_id AND b.orders > 0)
    FROM (SELECT DISTINCT c.bo_id, c.buyer_member_id
          FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT bo_id AS b FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows) x WHERE bo_id IS NOT NULL) y) z ON z.b = c.bo_id
          WHERE c.paid_at IS NOT NULL AND c.status <> 'cancelled'
          GROUP BY c.bo_id, c.buyer_member_id, (c.paid_at AT TIME ZONE z.zone)::date
          HAVING sum(c.d) <> 0) p
    ORDER BY 1, 2
    ON CONFLICT (bo_id, buyer_member_id) DO UPDATE SET last_day = excluded.last_day;
    INSERT INTO order_todo_count AS r (bo_id, kind, slot, n)
    SELECT * FROM (      SELECT c.bo_id, 'reminded', s, sum(c.d) FROM (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count, seller_deleted_at, -1 AS d FROM old_rows) c
      WHERE c.seller_deleted_at IS NULL AND c.status IN ('paid', 'partlyShipped') AND c.remind_count > 0
      GROUP BY 1 HAVING sum(c.d) <> 0) t
    ORDER BY 1, 2
    ON CONFLICT (bo_id, kind, slot) DO UPDATE SET n = r.n + excluded.n;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER order_rollup_ins AFTER INSERT ON order_info REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_order();--> statement-breakpoint
CREATE TRIGGER order_rollup_upd AFTER UPDATE ON order_info REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_order();--> statement-breakpoint
CREATE TRIGGER order_rollup_del AFTER DELETE ON order_info REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_order();--> statement-breakpoint
-- order_line: a line added, changed or removed on an order that counts (paid, not cancelled) moves the goods figures.
CREATE OR REPLACE FUNCTION sbo_rollup_line() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  s int := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sbo_rollup_lock(ARRAY(SELECT o.bo_id FROM (SELECT DISTINCT order_id FROM (SELECT order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) AS amt, 1 AS d FROM new_rows) x) x JOIN order_info o ON o.id = x.order_id));
    INSERT INTO order_goods_day AS r (bo_id, day, goods_id, goods_name, lines, quantity, amount)
    SELECT o.bo_id, (o.paid_at AT TIME ZONE z.zone)::date, c.goods_id, c.goods_name, sum(c.d), sum(c.d * c.quantity), sum(c.d * c.amt)
    FROM (SELECT order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) AS amt, 1 AS d FROM new_rows) c
    JOIN order_info o ON o.id = c.order_id
    JOIN (SELECT b, sbo_bo_zone(b) AS zone
          FROM (SELECT DISTINCT o.bo_id AS b FROM (SELECT DISTINCT order_id FROM (SELECT order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) AS amt, 1 AS d FROM new_rows) x) x JOIN order_info o ON o.id = x.order_id) y) z
      ON z.b = o.bo_id
    WHERE o.paid_at IS NOT NULL AND o.status <> 'cancelled'
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.d) <> 0 OR sum(c.d * c.quantity) <> 0 OR sum(c.d * c.amt) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (bo_id, day, goods_id, goods_name) DO UPDATE
      SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, amount = r.amount + excluded.amount;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM sbo_rollup_lock(ARRAY(SELECT o.bo_id FROM (SELECT DISTINCT order_id FROM (SELECT order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) AS amt, -1 AS d FROM old_rows UNION ALL SELECT order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) AS amt, 1 AS d FROM new_rows) x) x JOIN order_info o ON o.id = x.order_id));
    INSERT INTO order_goods_day AS r (bo_id, day, goods_id, goods_name, lines, quantity, amount)
    SELECT o.bo_id, (o.paid_at AT TIME ZONE z.zone)::date, c.goods_id, c.goods_name, sum(c.d), sum(c.d * c.quantity), sum(c.d * c.amt)
    FROM (SELECT order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) AS amt, -1 AS d FROM old_rows UNION ALL SELECT order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) AS amt, 1 AS d FROM new_rows) c
    JOIN order_info o ON o.id = c.order_id
    JOIN (SELECT b, sbo_bo_zone(b) AS zone
          FROM (SELECT DISTINCT o.bo_id AS b FROM (SELECT DISTINCT order_id FROM (SELECT order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) AS amt, -1 AS d FROM old_rows UNION ALL SELECT order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) AS amt, 1 AS d FROM new_rows) x) x JOIN order_info o ON o.id = x.order_id) y) z
      ON z.b = o.bo_id
    WHERE o.paid_at IS NOT NULL AND o.status <> 'cancelled'
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.d) <> 0 OR sum(c.d * c.quantity) <> 0 OR sum(c.d * c.amt) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (bo_id, day, goods_id, goods_name) DO UPDATE
      SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, amount = r.amount + excluded.amount;
  ELSE
    PERFORM sbo_rollup_lock(ARRAY(SELECT o.bo_id FROM (SELECT DISTINCT order_id FROM (SELECT order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) AS amt, -1 AS d FROM old_rows) x) x JOIN order_info o ON o.id = x.order_id));
    INSERT INTO order_goods_day AS r (bo_id, day, goods_id, goods_name, lines, quantity, amount)
    SELECT o.bo_id, (o.paid_at AT TIME ZONE z.zone)::date, c.goods_id, c.goods_name, sum(c.d), sum(c.d * c.quantity), sum(c.d * c.amt)
    FROM (SELECT order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) AS amt, -1 AS d FROM old_rows) c
    JOIN order_info o ON o.id = c.order_id
    JOIN (SELECT b, sbo_bo_zone(b) AS zone
          FROM (SELECT DISTINCT o.bo_id AS b FROM (SELECT DISTINCT order_id FROM (SELECT order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) AS amt, -1 AS d FROM old_rows) x) x JOIN order_info o ON o.id = x.order_id) y) z
      ON z.b = o.bo_id
    WHERE o.paid_at IS NOT NULL AND o.status <> 'cancelled'
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.d) <> 0 OR sum(c.d * c.quantity) <> 0 OR sum(c.d * c.amt) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (bo_id, day, goods_id, goods_name) DO UPDATE
      SET lines = r.lines + excluded.lines, quantity = r.quantity + excluded.quantity, amount = r.amount + excluded.amount;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER order_line_rollup_ins AFTER INSERT ON order_line REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_line();--> statement-breakpoint
CREATE TRIGGER order_line_rollup_upd AFTER UPDATE ON order_line REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_line();--> statement-breakpoint
CREATE TRIGGER order_line_rollup_del AFTER DELETE ON order_line REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_line();--> statement-breakpoint
-- order_refund: the seller's refunds on the day written, and the buying organisation's when the order was placed for one.
CREATE OR REPLACE FUNCTION sbo_rollup_refund() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  s int := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sbo_rollup_lock(ARRAY(SELECT bo_id FROM (SELECT order_id, bo_id, amount, created_at, 1 AS d FROM new_rows) x
                                  UNION SELECT o.buyer_bo_id FROM (SELECT order_id, bo_id, amount, created_at, 1 AS d FROM new_rows) x JOIN order_info o ON o.id = x.order_id WHERE o.buyer_bo_id IS NOT NULL));
    INSERT INTO order_day_rollup AS r (bo_id, day, slot, refunds, refund_count)
    SELECT c.bo_id, (c.created_at AT TIME ZONE z.zone)::date, s, sum(c.d * c.amount), sum(c.d)
    FROM (SELECT order_id, bo_id, amount, created_at, 1 AS d FROM new_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT bo_id AS b FROM (SELECT order_id, bo_id, amount, created_at, 1 AS d FROM new_rows) x WHERE bo_id IS NOT NULL) y) z ON z.b = c.bo_id
    GROUP BY 1, 2
    HAVING sum(c.d) <> 0 OR sum(c.d * c.amount) <> 0
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day, slot) DO UPDATE SET refunds = r.refunds + excluded.refunds, refund_count = r.refund_count + excluded.refund_count;
    INSERT INTO buyer_day_rollup AS r (bo_id, day, refunds, refund_count)
    SELECT o.buyer_bo_id, (c.created_at AT TIME ZONE z.zone)::date, sum(c.d * c.amount), sum(c.d)
    FROM (SELECT order_id, bo_id, amount, created_at, 1 AS d FROM new_rows) c
    JOIN order_info o ON o.id = c.order_id
    JOIN (SELECT b, sbo_bo_zone(b) AS zone
          FROM (SELECT DISTINCT o.buyer_bo_id AS b FROM (SELECT order_id, bo_id, amount, created_at, 1 AS d FROM new_rows) x JOIN order_info o ON o.id = x.order_id WHERE o.buyer_bo_id IS NOT NULL) y) z
      ON z.b = o.buyer_bo_id
    GROUP BY 1, 2
    HAVING sum(c.d) <> 0 OR sum(c.d * c.amount) <> 0
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day) DO UPDATE SET refunds = r.refunds + excluded.refunds, refund_count = r.refund_count + excluded.refund_count;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM sbo_rollup_lock(ARRAY(SELECT bo_id FROM (SELECT order_id, bo_id, amount, created_at, -1 AS d FROM old_rows UNION ALL SELECT order_id, bo_id, amount, created_at, 1 AS d FROM new_rows) x
                                  UNION SELECT o.buyer_bo_id FROM (SELECT order_id, bo_id, amount, created_at, -1 AS d FROM old_rows UNION ALL SELECT order_id, bo_id, amount, created_at, 1 AS d FROM new_rows) x JOIN order_info o ON o.id = x.order_id WHERE o.buyer_bo_id IS NOT NULL));
    INSERT INTO order_day_rollup AS r (bo_id, day, slot, refunds, refund_count)
    SELECT c.bo_id, (c.created_at AT TIME ZONE z.zone)::date, s, sum(c.d * c.amount), sum(c.d)
    FROM (SELECT order_id, bo_id, amount, created_at, -1 AS d FROM old_rows UNION ALL SELECT order_id, bo_id, amount, created_at, 1 AS d FROM new_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT bo_id AS b FROM (SELECT order_id, bo_id, amount, created_at, -1 AS d FROM old_rows UNION ALL SELECT order_id, bo_id, amount, created_at, 1 AS d FROM new_rows) x WHERE bo_id IS NOT NULL) y) z ON z.b = c.bo_id
    GROUP BY 1, 2
    HAVING sum(c.d) <> 0 OR sum(c.d * c.amount) <> 0
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day, slot) DO UPDATE SET refunds = r.refunds + excluded.refunds, refund_count = r.refund_count + excluded.refund_count;
    INSERT INTO buyer_day_rollup AS r (bo_id, day, refunds, refund_count)
    SELECT o.buyer_bo_id, (c.created_at AT TIME ZONE z.zone)::date, sum(c.d * c.amount), sum(c.d)
    FROM (SELECT order_id, bo_id, amount, created_at, -1 AS d FROM old_rows UNION ALL SELECT order_id, bo_id, amount, created_at, 1 AS d FROM new_rows) c
    JOIN order_info o ON o.id = c.order_id
    JOIN (SELECT b, sbo_bo_zone(b) AS zone
          FROM (SELECT DISTINCT o.buyer_bo_id AS b FROM (SELECT order_id, bo_id, amount, created_at, -1 AS d FROM old_rows UNION ALL SELECT order_id, bo_id, amount, created_at, 1 AS d FROM new_rows) x JOIN order_info o ON o.id = x.order_id WHERE o.buyer_bo_id IS NOT NULL) y) z
      ON z.b = o.buyer_bo_id
    GROUP BY 1, 2
    HAVING sum(c.d) <> 0 OR sum(c.d * c.amount) <> 0
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day) DO UPDATE SET refunds = r.refunds + excluded.refunds, refund_count = r.refund_count + excluded.refund_count;
  ELSE
    PERFORM sbo_rollup_lock(ARRAY(SELECT bo_id FROM (SELECT order_id, bo_id, amount, created_at, -1 AS d FROM old_rows) x
                                  UNION SELECT o.buyer_bo_id FROM (SELECT order_id, bo_id, amount, created_at, -1 AS d FROM old_rows) x JOIN order_info o ON o.id = x.order_id WHERE o.buyer_bo_id IS NOT NULL));
    INSERT INTO order_day_rollup AS r (bo_id, day, slot, refunds, refund_count)
    SELECT c.bo_id, (c.created_at AT TIME ZONE z.zone)::date, s, sum(c.d * c.amount), sum(c.d)
    FROM (SELECT order_id, bo_id, amount, created_at, -1 AS d FROM old_rows) c JOIN (SELECT b, sbo_bo_zone(b) AS zone FROM (SELECT DISTINCT bo_id AS b FROM (SELECT order_id, bo_id, amount, created_at, -1 AS d FROM old_rows) x WHERE bo_id IS NOT NULL) y) z ON z.b = c.bo_id
    GROUP BY 1, 2
    HAVING sum(c.d) <> 0 OR sum(c.d * c.amount) <> 0
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day, slot) DO UPDATE SET refunds = r.refunds + excluded.refunds, refund_count = r.refund_count + excluded.refund_count;
    INSERT INTO buyer_day_rollup AS r (bo_id, day, refunds, refund_count)
    SELECT o.buyer_bo_id, (c.created_at AT TIME ZONE z.zone)::date, sum(c.d * c.amount), sum(c.d)
    FROM (SELECT order_id, bo_id, amount, created_at, -1 AS d FROM old_rows) c
    JOIN order_info o ON o.id = c.order_id
    JOIN (SELECT b, sbo_bo_zone(b) AS zone
          FROM (SELECT DISTINCT o.buyer_bo_id AS b FROM (SELECT order_id, bo_id, amount, created_at, -1 AS d FROM old_rows) x JOIN order_info o ON o.id = x.order_id WHERE o.buyer_bo_id IS NOT NULL) y) z
      ON z.b = o.buyer_bo_id
    GROUP BY 1, 2
    HAVING sum(c.d) <> 0 OR sum(c.d * c.amount) <> 0
    ORDER BY 1, 2
    ON CONFLICT (bo_id, day) DO UPDATE SET refunds = r.refunds + excluded.refunds, refund_count = r.refund_count + excluded.refund_count;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER order_refund_rollup_ins AFTER INSERT ON order_refund REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_refund();--> statement-breakpoint
CREATE TRIGGER order_refund_rollup_upd AFTER UPDATE ON order_refund REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_refund();--> statement-breakpoint
CREATE TRIGGER order_refund_rollup_del AFTER DELETE ON order_refund REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_refund();--> statement-breakpoint
-- order_payment: an order counts as a voucher to check while one of its offline payments is in review.
CREATE OR REPLACE FUNCTION sbo_rollup_payment() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  s int := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sbo_rollup_lock(ARRAY(SELECT o.bo_id FROM (SELECT DISTINCT order_id FROM (SELECT id, order_id, method, status, 1 AS d FROM new_rows) x WHERE method = 'offline') x
                                  JOIN order_info o ON o.id = x.order_id));
    INSERT INTO order_todo_count AS r (bo_id, kind, slot, n)
    SELECT o.bo_id, 'voucher', s, sum(y.a - y.b)
    FROM (SELECT x.order_id,
                 (EXISTS (SELECT 1 FROM order_payment p WHERE p.order_id = x.order_id AND p.method = 'offline' AND p.status = 'reviewing'))::int AS a,
                 (EXISTS (SELECT 1 FROM order_payment p WHERE p.order_id = x.order_id AND p.method = 'offline' AND p.status = 'reviewing'
                       AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = p.id)))::int AS b
          FROM (SELECT DISTINCT order_id FROM (SELECT id, order_id, method, status, 1 AS d FROM new_rows) x WHERE method = 'offline') x) y
    JOIN order_info o ON o.id = y.order_id
    WHERE o.seller_deleted_at IS NULL
    GROUP BY 1
    HAVING sum(y.a - y.b) <> 0
    ORDER BY 1
    ON CONFLICT (bo_id, kind, slot) DO UPDATE SET n = r.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM sbo_rollup_lock(ARRAY(SELECT o.bo_id FROM (SELECT DISTINCT order_id FROM (SELECT id, order_id, method, status, -1 AS d FROM old_rows UNION ALL SELECT id, order_id, method, status, 1 AS d FROM new_rows) x WHERE method = 'offline') x
                                  JOIN order_info o ON o.id = x.order_id));
    INSERT INTO order_todo_count AS r (bo_id, kind, slot, n)
    SELECT o.bo_id, 'voucher', s, sum(y.a - y.b)
    FROM (SELECT x.order_id,
                 (EXISTS (SELECT 1 FROM order_payment p WHERE p.order_id = x.order_id AND p.method = 'offline' AND p.status = 'reviewing'))::int AS a,
                 (EXISTS (SELECT 1 FROM order_payment p WHERE p.order_id = x.order_id AND p.method = 'offline' AND p.status = 'reviewing'
                       AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = p.id))
                    OR EXISTS (SELECT 1 FROM old_rows r WHERE r.order_id = x.order_id AND r.method = 'offline' AND r.status = 'reviewing'))::int AS b
          FROM (SELECT DISTINCT order_id FROM (SELECT id, order_id, method, status, -1 AS d FROM old_rows UNION ALL SELECT id, order_id, method, status, 1 AS d FROM new_rows) x WHERE method = 'offline') x) y
    JOIN order_info o ON o.id = y.order_id
    WHERE o.seller_deleted_at IS NULL
    GROUP BY 1
    HAVING sum(y.a - y.b) <> 0
    ORDER BY 1
    ON CONFLICT (bo_id, kind, slot) DO UPDATE SET n = r.n + excluded.n;
  ELSE
    PERFORM sbo_rollup_lock(ARRAY(SELECT o.bo_id FROM (SELECT DISTINCT order_id FROM (SELECT id, order_id, method, status, -1 AS d FROM old_rows) x WHERE method = 'offline') x
                                  JOIN order_info o ON o.id = x.order_id));
    INSERT INTO order_todo_count AS r (bo_id, kind, slot, n)
    SELECT o.bo_id, 'voucher', s, sum(y.a - y.b)
    FROM (SELECT x.order_id,
                 (EXISTS (SELECT 1 FROM order_payment p WHERE p.order_id = x.order_id AND p.method = 'offline' AND p.status = 'reviewing'))::int AS a,
                 (EXISTS (SELECT 1 FROM order_payment p WHERE p.order_id = x.order_id AND p.method = 'offline' AND p.status = 'reviewing')
                    OR EXISTS (SELECT 1 FROM old_rows r WHERE r.order_id = x.order_id AND r.method = 'offline' AND r.status = 'reviewing'))::int AS b
          FROM (SELECT DISTINCT order_id FROM (SELECT id, order_id, method, status, -1 AS d FROM old_rows) x WHERE method = 'offline') x) y
    JOIN order_info o ON o.id = y.order_id
    WHERE o.seller_deleted_at IS NULL
    GROUP BY 1
    HAVING sum(y.a - y.b) <> 0
    ORDER BY 1
    ON CONFLICT (bo_id, kind, slot) DO UPDATE SET n = r.n + excluded.n;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER order_payment_rollup_ins AFTER INSERT ON order_payment REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_payment();--> statement-breakpoint
CREATE TRIGGER order_payment_rollup_upd AFTER UPDATE ON order_payment REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_payment();--> statement-breakpoint
CREATE TRIGGER order_payment_rollup_del AFTER DELETE ON order_payment REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sbo_rollup_payment();--> statement-breakpoint
-- A shop's time zone moves every day of its organisation: its rollups are rebuilt in the same transaction as the change
-- (tens of seconds for a seller with a million orders; a time zone is set once, when the shop is opened, and rarely again).
CREATE OR REPLACE FUNCTION sbo_rollup_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  before_zone text := CASE WHEN TG_OP = 'INSERT' THEN 'Asia/Shanghai' ELSE OLD.time_zone END;
  after_zone text := CASE WHEN TG_OP = 'DELETE' THEN 'Asia/Shanghai' ELSE NEW.time_zone END;
  b text;
BEGIN
  IF before_zone IS DISTINCT FROM after_zone THEN
    FOR b IN SELECT s.bo_id FROM shop s WHERE s.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.shop_id ELSE NEW.shop_id END LOOP
      PERFORM sbo_rollup_rebuild(b);
    END LOOP;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER shop_setting_rollup_zone AFTER INSERT OR UPDATE OR DELETE ON shop_setting
  FOR EACH ROW EXECUTE FUNCTION sbo_rollup_zone_changed();--> statement-breakpoint
-- The rollups of the orders already there.
SELECT sbo_rollup_rebuild(b, false)
FROM (SELECT bo_id FROM order_info UNION SELECT buyer_bo_id FROM order_info WHERE buyer_bo_id IS NOT NULL UNION SELECT bo_id FROM order_refund) x(b);
