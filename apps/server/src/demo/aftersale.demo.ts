import { sql } from "drizzle-orm";
import type { Executor } from "../platform/db/client";

interface Seller {
  boId: string;
}

/**
 * Every (type, state) an application can be in (docs/domains/aftersale.md): the demo gives each seller
 * `PER_COMBINATION` of each, so every tab of the after-sale list holds some.
 */
const COMBINATIONS: [string, string][] = [
  ["refundOnly", "applied"],
  ["refundOnly", "approved"],
  ["refundOnly", "rejected"],
  ["refundOnly", "withdrawn"],
  ["refundOnly", "refunded"],
  ["returnRefund", "applied"],
  ["returnRefund", "approved"],
  ["returnRefund", "rejected"],
  ["returnRefund", "withdrawn"],
  ["returnRefund", "buyerShipped"],
  ["returnRefund", "received"],
  ["returnRefund", "refunded"],
  ["exchange", "applied"],
  ["exchange", "approved"],
  ["exchange", "rejected"],
  ["exchange", "withdrawn"],
  ["exchange", "buyerShipped"],
  ["exchange", "received"],
  ["exchange", "exchangeShipped"],
];
export const PER_COMBINATION = 6;

/** Which timeline events an application in each state has passed through (in order). */
const PASSED: Record<string, string[]> = {
  applied: ["afterSaleApplied"],
  approved: ["afterSaleApplied", "afterSaleApproved"],
  rejected: ["afterSaleApplied", "afterSaleRejected"],
  withdrawn: ["afterSaleApplied", "afterSaleWithdrawn"],
  buyerShipped: ["afterSaleApplied", "afterSaleApproved", "afterSaleReturnShipped"],
  received: ["afterSaleApplied", "afterSaleApproved", "afterSaleReturnShipped", "afterSaleReceived"],
  refunded: ["afterSaleApplied", "afterSaleApproved", "afterSaleReturnShipped", "afterSaleReceived", "afterSaleRefunded"],
  exchangeShipped: ["afterSaleApplied", "afterSaleApproved", "afterSaleReturnShipped", "afterSaleReceived", "afterSaleExchangeShipped"],
};

/**
 * Per demo seller, after-sales in every type and state on the demo orders (set-based: a handful of statements):
 * one application per order (its first line, one piece), on paid, shipped, received or completed orders. Applications
 * awaiting a decision are from the last two days (the auto-approve job takes older ones); a refund-only that is
 * refunded skipped the parcel steps. Refunds are `order_refund` rows and each order's `refunded_amount` is their sum
 * (never above what was paid). Demo receipts move no stock: the demo orders' copies hold no batches.
 */
export async function seedAfterSaleDemo(db: Executor, sellers: Seller[]) {
  const combos = sql.join(
    COMBINATIONS.map(([type, state], i) => sql`(${i}::int, ${type}::text, ${state}::text)`),
    sql`, `,
  );
  const n = COMBINATIONS.length * PER_COMBINATION;
  for (const [s, seller] of sellers.entries()) {
    await db.execute(sql`
      insert into after_sale_apply (id, after_sale_no, bo_id, shop_id, order_id, line_id, buyer_member_id, type, state, quantity,
        amount, reason_code, description, reject_reason, return_express_code, return_tracking_no, exchange_express_code,
        exchange_tracking_no, decided_at, buyer_shipped_at, received_at, refunded_at, exchange_shipped_at, created_at, updated_at)
      select left(o.id, 10) || upper(substr(md5('after-sale' || o.id), 1, 16)),
             'S' || to_char(x.at at time zone 'UTC', 'YYYYMMDDHH24MISS') || lpad((${s * 100_000} + o.rn)::text, 6, '0'),
             o.bo_id, o.shop_id, o.id, o.line_id, o.buyer_member_id, c.type, c.state, 1,
             case when c.type = 'exchange' then 0 else least(o.unit_price, o.pay_amount) end,
             (array['quality', 'damaged', 'wrong', 'notWanted', 'missing'])[1 + o.rn % 5],
             (array['收到时包装破损', '与描述不符', '发错了规格', '不想要了，未拆封', '少发了一件'])[1 + o.rn % 5],
             case when c.state = 'rejected' then '商品已拆封使用，不符合售后条件' end,
             case when c.state in ('buyerShipped', 'received', 'exchangeShipped') or (c.state = 'refunded' and c.type = 'returnRefund')
                  then 'SF' end,
             case when c.state in ('buyerShipped', 'received', 'exchangeShipped') or (c.state = 'refunded' and c.type = 'returnRefund')
                  then 'SFR' || lpad(o.rn::text, 8, '0') end,
             case when c.state = 'exchangeShipped' then 'ZTO' end,
             case when c.state = 'exchangeShipped' then 'ZTX' || lpad(o.rn::text, 8, '0') end,
             case when c.state <> 'applied' then x.at + interval '30 minutes' end,
             case when c.state in ('buyerShipped', 'received', 'exchangeShipped') or (c.state = 'refunded' and c.type = 'returnRefund')
                  then x.at + interval '60 minutes' end,
             case when c.state in ('received', 'exchangeShipped') or (c.state = 'refunded' and c.type = 'returnRefund')
                  then x.at + interval '90 minutes' end,
             case when c.state = 'refunded' then x.at + interval '120 minutes' end,
             case when c.state = 'exchangeShipped' then x.at + interval '120 minutes' end,
             x.at, x.at + interval '120 minutes'
      from (
        select o.id, o.bo_id, o.shop_id, o.buyer_member_id, o.pay_amount, o.paid_at,
               l.id as line_id, l.unit_price, (row_number() over (order by o.created_at desc, o.id))::int as rn
        from order_info o
        join lateral (select id, unit_price from order_line where order_id = o.id order by sort limit 1) l on true
        where o.bo_id = ${seller.boId} and o.status in ('paid', 'shipped', 'received', 'completed') and o.paid_at < now() - interval '4 hours'
          and not exists (select 1 from after_sale_apply a where a.order_id = o.id)
        order by o.created_at desc, o.id
        limit ${n}
      ) o
      join (values ${combos}) as c(i, type, state) on c.i = (o.rn - 1) % ${COMBINATIONS.length}
      cross join lateral (
        select case
          when c.state = 'applied' then greatest(o.paid_at + interval '1 minute', now() - make_interval(hours => 1 + o.rn % 40))
          else least(o.paid_at + interval '1 day', now() - interval '3 hours') end as at
      ) x`);
  }
  // The refunds: one per refunded application, and each order's total refunded (within what was paid by construction).
  await db.execute(sql`
    insert into order_refund (id, order_id, bo_id, after_sale_id, amount, provider, provider_ref, created_at, updated_at)
    select left(a.id, 10) || upper(substr(md5('refund' || a.id), 1, 16)), a.order_id, a.bo_id, a.id, a.amount,
           coalesce(p.provider, 'sandbox'), 'SBR' || substr(md5('refund|' || a.id), 1, 24), a.refunded_at, a.refunded_at
    from after_sale_apply a
    left join lateral (select provider from order_payment where order_id = a.order_id and method = 'online' and status = 'succeeded' limit 1) p on true
    where a.state = 'refunded' and not exists (select 1 from order_refund r where r.after_sale_id = a.id)`);
  await db.execute(sql`
    update order_info o set refunded_amount = r.total
    from (select order_id, sum(amount) as total from order_refund group by order_id) r
    where r.order_id = o.id and o.refunded_amount <> r.total`);
  // Each application's steps on its order's timeline, as the machine writes them.
  const passed = sql.join(
    Object.entries(PASSED).flatMap(([state, events]) => events.map((event, k) => sql`(${state}::text, ${event}::text, ${k}::int)`)),
    sql`, `,
  );
  await db.execute(sql`
    insert into order_timeline (id, order_id, bo_id, at, actor, event, from_status, to_status, detail)
    select left(a.id, 10) || upper(substr(md5(e.event || a.id), 1, 16)), a.order_id, a.bo_id,
           a.created_at + make_interval(mins => 30 * e.k),
           case when e.event in ('afterSaleApplied', 'afterSaleWithdrawn', 'afterSaleReturnShipped') then 'buyer' else 'seller' end,
           e.event, o.status, o.status,
           jsonb_strip_nulls(jsonb_build_object('afterSaleId', a.id, 'afterSaleNo', a.after_sale_no, 'type', a.type,
             'quantity', a.quantity, 'amount', a.amount,
             'reason', case when e.event = 'afterSaleRejected' then a.reject_reason end,
             'trackingNo', case when e.event = 'afterSaleReturnShipped' then a.return_tracking_no
                                when e.event = 'afterSaleExchangeShipped' then a.exchange_tracking_no end,
             'refunded', case when e.event = 'afterSaleRefunded' then a.amount end))
    from after_sale_apply a
    join order_info o on o.id = a.order_id
    join (values ${passed}) as e(state, event, k) on e.state = a.state
    -- A refund-only never travels: its refund follows the approval directly.
    where not (a.type = 'refundOnly' and e.event in ('afterSaleReturnShipped', 'afterSaleReceived'))
      and not exists (select 1 from order_timeline t where t.order_id = a.order_id and t.event = e.event and t.detail ->> 'afterSaleId' = a.id)`);
}
