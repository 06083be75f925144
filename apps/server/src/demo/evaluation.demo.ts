import { sql } from "drizzle-orm";
import type { Executor } from "../platform/db/client";

/** Evaluations per demo seller (issue 12: 600, part of them replied). */
export const DEMO_EVALUATIONS_PER_SELLER = 600;

interface Seller {
  boId: string;
  memberId: string;
}

const text = (items: string[]) => sql.raw(`array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(", ")}]`);

const GOOD = text([
  "很新鲜，包装完好，下次还来买",
  "味道不错，家里人都喜欢",
  "发货快，物流也快，东西很好",
  "和描述一致，性价比高",
  "个头大，口感好，推荐",
  "第二次购买了，品质稳定",
]);
const MIDDLE = text(["还可以，个别有点小瑕疵", "一般般，和图片有些差别", "物流慢了两天，东西还行"]);
const BAD = text(["收到时有破损，希望改进包装", "不太新鲜，有几个坏了", "和描述不符，有点失望"]);
const REPLIES = text([
  "感谢您的支持，期待您再次光临！",
  "谢谢您的好评，我们会继续保持品质。",
  "非常抱歉给您带来不便，已安排客服联系您处理。",
  "感谢反馈，我们会改进包装和发货速度。",
]);
const FOLLOW_UPS = text(["吃完了又回购了一次，还是很好", "放了几天依然新鲜", "客服处理很及时，点赞"]);

/**
 * Each demo seller's evaluations, set-based (one statement per table): 600 of its received and completed orders,
 * chosen by a hash of the order id, evaluated a few hours to three days after receipt (never in the future). Line
 * scores lean high (about 55 % five stars, 5 % one star); every fifth line carries an image (a copy of one of the
 * seller's demo images); about 60 % have the shop's reply and 10 % the buyer's follow-up. The shop's and goods' score
 * aggregates are then summed from those rows, so they equal what the calls would have added one by one.
 */
export async function seedEvaluationDemo(db: Executor, sellers: Seller[]) {
  for (const s of sellers) {
    await db.transaction(async (tx) => {
      // Line scores from a hash of the line's id: 5 (55 %), 4 (25 %), 3 (10 %), 2 (5 %), 1 (5 %).
      const h = (col: string) => sql.raw(`abs(hashtext(${col}))`);
      const lineScore = sql`case when ${h("l.id")} % 100 < 55 then 5 when ${h("l.id")} % 100 < 80 then 4
        when ${h("l.id")} % 100 < 90 then 3 when ${h("l.id")} % 100 < 95 then 2 else 1 end`;
      await tx.execute(sql`
        create temporary table demo_eval_line on commit drop as
        with chosen as (
          select o.id, o.bo_id, o.shop_id, o.buyer_member_id,
                 least(coalesce(o.received_at, o.completed_at, o.created_at) + make_interval(hours => 2 + ${h("o.id")} % 70),
                       now() - interval '5 minutes') as at
          from order_info o
          where o.bo_id = ${s.boId} and o.status in ('received', 'completed')
          order by md5(o.id)
          limit ${DEMO_EVALUATIONS_PER_SELLER}
        )
        select c.id as order_id, c.bo_id, c.shop_id, c.buyer_member_id, c.at, 'EV' || upper(substr(md5(c.id), 1, 24)) as evaluation_id,
               l.id as line_id, l.goods_id, l.sku_id, l.goods_name, l.spec_values, l.image, l.sort,
               'EL' || upper(substr(md5(l.id), 1, 24)) as id, ${lineScore} as score,
               ${h("l.id")} % 5 = 0 as with_image
        from chosen c join order_line l on l.order_id = c.id`);
      // The images: a copy of one of the seller's demo goods images per line that has one, filed as an evaluation's.
      await tx.execute(sql`
        insert into stored_file (id, bo_id, member_id, name, content_type, size, sha256, purpose, created_at, updated_at)
        select 'EF' || substr(d.id, 3), d.bo_id, d.buyer_member_id, f.name, f.content_type, f.size, f.sha256, 'evaluation', d.at, d.at
        from demo_eval_line d
        cross join lateral (select name, content_type, size, sha256 from stored_file
                            where bo_id = ${s.boId} and purpose = 'goods' order by id offset (abs(hashtext(d.id)) % 3) limit 1) f
        where d.with_image`);
      await tx.execute(sql`
        insert into order_evaluation (id, order_id, bo_id, shop_id, buyer_member_id, score, description_score, service_score,
                                      logistics_score, line_count, image_count, created_at, updated_at)
        select evaluation_id, order_id, bo_id, shop_id, buyer_member_id,
               floor((2 * sum(score) + count(*)) / (2 * count(*)))::int,
               greatest(1, least(5, round(avg(score))::int + (abs(hashtext(order_id || 'd')) % 3) - 1)),
               greatest(1, least(5, round(avg(score))::int + (abs(hashtext(order_id || 's')) % 2))),
               greatest(1, least(5, 5 - (abs(hashtext(order_id || 'l')) % 4))),
               count(*)::int, count(*) filter (where with_image)::int, min(at), min(at)
        from demo_eval_line group by evaluation_id, order_id, bo_id, shop_id, buyer_member_id`);
      await tx.execute(sql`
        insert into order_evaluation_line (id, evaluation_id, order_id, bo_id, order_line_id, goods_id, sku_id, goods_name, spec_values,
                                           image, score, content, images, sort, created_at, updated_at)
        select id, evaluation_id, order_id, bo_id, line_id, goods_id, sku_id, goods_name, spec_values, image, score,
               case when score >= 4 then (${GOOD})[1 + abs(hashtext(id)) % 6]
                    when score = 3 then (${MIDDLE})[1 + abs(hashtext(id)) % 3]
                    else (${BAD})[1 + abs(hashtext(id)) % 3] end,
               case when with_image then jsonb_build_array('EF' || substr(id, 3)) else '[]'::jsonb end,
               sort, at, at
        from demo_eval_line`);
      // The shop's replies (about 60 %, a day or so later) and the buyers' follow-ups (about 10 %).
      await tx.execute(sql`
        insert into order_evaluation_content (id, evaluation_id, order_id, bo_id, kind, content, author_member_id, created_at, updated_at)
        select 'ER' || substr(e.id, 3), e.id, e.order_id, e.bo_id, 'reply',
               (${REPLIES})[case when e.score <= 3 then 3 + abs(hashtext(e.id)) % 2 else 1 + abs(hashtext(e.id)) % 2 end],
               ${s.memberId}, least(e.created_at + interval '20 hours', now() - interval '1 minute'),
               least(e.created_at + interval '20 hours', now() - interval '1 minute')
        from order_evaluation e where e.bo_id = ${s.boId} and abs(hashtext(e.id || 'r')) % 10 < 6`);
      await tx.execute(sql`
        insert into order_evaluation_content (id, evaluation_id, order_id, bo_id, kind, content, author_member_id, created_at, updated_at)
        select 'EU' || substr(e.id, 3), e.id, e.order_id, e.bo_id, 'followUp', (${FOLLOW_UPS})[1 + abs(hashtext(e.id)) % 3],
               e.buyer_member_id, least(e.created_at + interval '3 days', now() - interval '2 minutes'),
               least(e.created_at + interval '3 days', now() - interval '2 minutes')
        from order_evaluation e where e.bo_id = ${s.boId} and abs(hashtext(e.id || 'f')) % 10 = 0`);
      await tx.execute(sql`
        update order_evaluation e set
          replied_at = (select c.created_at from order_evaluation_content c where c.evaluation_id = e.id and c.kind = 'reply'),
          followed_up_at = (select c.created_at from order_evaluation_content c where c.evaluation_id = e.id and c.kind = 'followUp')
        where e.bo_id = ${s.boId}`);
      // The aggregates, summed from the rows just written (the calls add to them one evaluation at a time).
      await tx.execute(sql`
        insert into shop_score (bo_id, evaluations, description_sum, service_sum, logistics_sum, lines, line_sum,
                                score1, score2, score3, score4, score5, replied, with_images, low_score, updated_at)
        select ${s.boId}, e.n, e.d, e.s, e.l, l.n, l.sum, l.s1, l.s2, l.s3, l.s4, l.s5, e.replied, e.with_images, e.low, now()
        from (select count(*)::int n, coalesce(sum(description_score), 0) d, coalesce(sum(service_score), 0) s,
                     coalesce(sum(logistics_score), 0) l, count(replied_at)::int replied,
                     count(*) filter (where image_count > 0)::int with_images, count(*) filter (where score <= 2)::int low
              from order_evaluation where bo_id = ${s.boId}) e,
             (select count(*)::int n, coalesce(sum(score), 0) sum, count(*) filter (where score = 1)::int s1,
                     count(*) filter (where score = 2)::int s2, count(*) filter (where score = 3)::int s3,
                     count(*) filter (where score = 4)::int s4, count(*) filter (where score = 5)::int s5
              from order_evaluation_line where bo_id = ${s.boId}) l`);
      await tx.execute(sql`
        insert into goods_score (bo_id, goods_id, goods_name, image, lines, line_sum, score1, score2, score3, score4, score5, last_at)
        select ${s.boId}, goods_id, max(goods_name), max(image), count(*)::int, sum(score), count(*) filter (where score = 1)::int,
               count(*) filter (where score = 2)::int, count(*) filter (where score = 3)::int, count(*) filter (where score = 4)::int,
               count(*) filter (where score = 5)::int, max(created_at)
        from order_evaluation_line where bo_id = ${s.boId} group by goods_id`);
    });
  }
}
