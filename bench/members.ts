// The member list at scale: N shop_member rows (default BENCH_ROWS) for one organisation, made in SQL with
// generate_series, spread over the demo ranks, a seventh of them tagged VIP. run.ts measures the scenarios.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Executor } from "../apps/server/src/platform/db/client";

export interface MemberBench {
  rankId: string;
  tagId: string;
  generateMs: number;
}

export async function seedMembers(db: Executor, boId: string, rows: number): Promise<MemberBench> {
  const started = performance.now();
  const [ids] = (
    await db.execute(sql`
      select (select array_agg(id order by level) from member_rank where bo_id = ${boId}) as ranks,
             (select id from member_tag where bo_id = ${boId} and name = 'VIP') as vip`)
  ).rows as { ranks: string[]; vip: string }[];
  if (!ids?.ranks?.length || !ids.vip) throw new Error("the demo ranks and tags are missing");
  await db.execute(sql`
    insert into shop_member (id, bo_id, member_no, name, phone, gender, rank_id, points, total_spend, order_count,
                             last_order_at, joined_at, status, source)
    select 'BENCH' || lpad(g::text, 21, '0'), ${boId}, 'B' || g,
           (array['Wang','Li','Zhang','Liu','Chen','Yang','Huang','Zhao'])[1 + g % 8] || ' ' ||
           (array['Wei','Fang','Na','Min','Jing','Lei','Qiang','Yan'])[1 + (g / 8) % 8],
           '135' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
           case g % 3 when 0 then 'male' when 1 then 'female' end,
           (${`{${ids.ranks.join(",")}}`}::text[])[1 + g % ${ids.ranks.length}],
           g % 50000, (g % 3000) * 1000, g % 150,
           now() - ((g % 90) || ' days')::interval, now() - (g || ' seconds')::interval,
           case when g % 20 = 0 then 'frozen' else 'active' end, 'import'
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into shop_member_tag (bo_id, member_id, tag_id)
    select ${boId}, 'BENCH' || lpad(g::text, 21, '0'), ${ids.vip} from generate_series(7, ${rows}, 7) g`);
  await db.execute(sql`analyze shop_member`);
  await db.execute(sql`analyze shop_member_tag`);
  return { rankId: ids.ranks[2] ?? "", tagId: ids.vip, generateMs: Math.round(performance.now() - started) };
}

const LIST = "/api/seller/basic/member/memberInfo/selMemberByParam";

/** The member-list calls to measure. */
export const memberScenarios = (rows: number, m: MemberBench) => [
  { name: `member list page 1 of ${rows} members`, path: LIST, body: { pageNum: 1, pageSize: 20 } },
  { name: "member list page 500 (bounded offset)", path: LIST, body: { pageNum: 500, pageSize: 20 } },
  { name: "member list filtered by rank", path: LIST, body: { rankId: m.rankId, pageSize: 20 } },
  { name: "member list filtered by tag", path: LIST, body: { tagId: m.tagId, pageSize: 20 } },
  { name: "member list by name prefix and spend range", path: LIST, body: { name: "Li", spendMin: 100_000, spendMax: 500_000 } },
  { name: "member ranks with counts (grouped)", path: "/api/seller/basic/member/memberInfo/selMemberRankList", body: {} },
];
