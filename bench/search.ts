// Goods search at scale (issue 10: p99 ≤ 50 ms at 100,000 goods), over the goods seedGoods makes. Each scenario runs
// through the real call and beside its ceiling: a bare Fastify route on the same driver running the same engine's
// SQL (ranked ids and facets) without the session, the list items or the category names.
import Fastify from "fastify";
import { postgresSearchEngine } from "../apps/server/src/domains/catalogue/search/postgres-search.repository";
import type { SearchQuery } from "../apps/server/src/domains/catalogue/search/search.rules";
import type { Executor } from "../apps/server/src/platform/db/client";

export const SEARCH = "/api/es/search/goodsListV3";

export const searchScenarios = [
  { name: "search: exact English word (1 in 8 goods match)", body: { keyword: "shiitake" } },
  { name: "search: Chinese keyword (1 in 8 goods match)", body: { keyword: "脐橙" } },
  { name: "search: several words, narrow", body: { keyword: "fuji apples 4242" } },
  { name: "search: misspelt (similar names)", body: { keyword: "shitake 77" } },
  { name: "search: keyword in a category, by price", body: { keyword: "猪肋排", categoryId: "C03", sort: "priceAsc" } },
  { name: "search: no keyword, a price band", body: { priceMin: 1000, priceMax: 3000 } },
];

/** The ceiling route: the engine's SQL on the same pool, for the organisation of the bench. */
export async function searchCeiling(db: Executor, boId: string) {
  const app = Fastify({ logger: false });
  app.post("/search-ceiling", async (req) => {
    const body = req.body as Partial<SearchQuery> & { systemId?: number };
    const answer = await postgresSearchEngine.search(db, {
      boId,
      keyword: body.keyword,
      categoryId: body.categoryId,
      priceMin: body.priceMin,
      priceMax: body.priceMax,
      status: undefined,
      sort: body.sort ?? "relevance",
      limit: 20,
      offset: 0,
    });
    return { code: "0", msg: "success", data: answer };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}
