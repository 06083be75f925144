import type { contract, OutputOf, ParsedInputOf } from "@sbo/contract";
import type { Ctx } from "../../../platform/http/context";
import { offsetOf } from "../../../platform/http/paging";
import { viewOf } from "../../goods/goods.service";
import { goodsItemsByIds } from "../../goods/goods-lists.service";
import { categoryRefs } from "../../reference/reference.service";
import type { GoodsSearchEngine } from "./search.rules";

type S = typeof contract.search;

/** Goods search: the engine ranks and counts, the goods domain's list view shapes the page's items. */
export function createSearchService(engine: GoodsSearchEngine) {
  return {
    async goodsListV3(input: ParsedInputOf<S["goodsListV3"]>, ctx: Ctx): Promise<OutputOf<S["goodsListV3"]>> {
      const v = viewOf(ctx);
      const answer = await engine.search(ctx.db, {
        boId: v.boId,
        keyword: input.keyword,
        categoryId: input.categoryId,
        priceMin: input.priceMin,
        priceMax: input.priceMax,
        status: input.status,
        sort: input.sort,
        limit: input.pageSize,
        offset: offsetOf(input),
      });
      const ids = answer.hits.map((h) => h.id);
      const [found, names] = await Promise.all([
        goodsItemsByIds(ctx, ids),
        categoryRefs(
          ctx.db,
          answer.facets.categories.map((c) => c.id),
        ),
      ]);
      const items = new Map(found.map((item) => [item.id, item]));
      return {
        list: answer.hits.flatMap((h) => {
          const item = items.get(h.id);
          return item ? [{ ...item, match: h.match }] : [];
        }),
        total: answer.total,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
        facets: {
          ...answer.facets,
          categories: answer.facets.categories.flatMap((c) => {
            const n = names.get(c.id);
            return n ? [{ id: c.id, name: n.name, nameEn: n.nameEn, count: c.count }] : [];
          }),
        },
      };
    },
  };
}
