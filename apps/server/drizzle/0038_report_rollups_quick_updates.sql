-- Updates that change nothing the rollups hold (shipping, remarks, flags, search words, a line's shipped quantity)
-- end the rollup triggers at once: the functions of 0034 with that check first.
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
    -- Most updates of an order (shipping, remarks, flags, its search words) change nothing the rollups hold.
    -- A set difference, not a join of the two transition tables: plpgsql keeps the plan its first (small) statement
    -- got, and a nested loop over 10,000 updated rows each side took 25 s (the order search test's goods words).
    IF NOT EXISTS (SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count,
                          seller_deleted_at FROM old_rows
                   EXCEPT
                   SELECT id, bo_id, buyer_bo_id, buyer_member_id, paid_at, status, pay_amount, freight_amount, remind_count,
                          seller_deleted_at FROM new_rows) THEN
      RETURN NULL;
    END IF;
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
    FROM (SELECT c.id, c.buyer_bo_id AS bo, -1 AS d
          FROM (SELECT id, buyer_bo_id FROM old_rows EXCEPT SELECT id, buyer_bo_id FROM new_rows) c WHERE c.buyer_bo_id IS NOT NULL
          UNION ALL
          SELECT c.id, c.buyer_bo_id, 1
          FROM (SELECT id, buyer_bo_id FROM new_rows EXCEPT SELECT id, buyer_bo_id FROM old_rows) c WHERE c.buyer_bo_id IS NOT NULL) x
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
    -- Shipping a line (its shipped quantity, batches) changes nothing the goods figures hold.
    IF NOT EXISTS (SELECT id, order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) FROM old_rows
                   EXCEPT
                   SELECT id, order_id, goods_id, goods_name, quantity, coalesce(revised_amount, amount) FROM new_rows) THEN
      RETURN NULL;
    END IF;
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
$fn$;
