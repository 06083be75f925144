import { codes, type contract, type OutputOf, type ParsedInputOf, basicRefusals as R, referenceRefusals } from "@sbo/contract";
import type { Ctx } from "../../platform/http/context";
import { badField, refuse } from "../../platform/http/errors";
import { decodeCursor, encodeCursor } from "../../platform/http/paging";
import { WeatherError, type WeatherProvider } from "../../platform/weather/weather";
import { areaNames, areaRef, areaRefs, categoryPathOf, categoryRefs, relatedCategoryIds } from "../reference/reference.service";
import * as repo from "./shop.repository";

/*
 * The shop's part of the spec's basic data (docs/domains/reference.md, "Basic data"): whether a category is in the
 * organisation's business scope, the shop directory for pickers, and the weather where the shop is.
 */

type Sh = typeof contract.basicShop;
type In<K extends keyof Sh> = ParsedInputOf<Sh[K]>;
type Out<K extends keyof Sh> = OutputOf<Sh[K]>;

/** A cursor: the last row's name and id (platform/http/paging.ts). */
function decodeNameCursor(cursor: string): { name: string; id: string } {
  const [name, id] = decodeCursor(
    cursor,
    ([name, id, ...rest]) =>
      rest.length === 0 && typeof name === "string" && typeof id === "string" && name.length <= 200 && id.length <= 40,
  ) as [string, string];
  return { name, id };
}

/** An area code's prefix shared by every area under it (GB/T 2260: 330000 → 33, 330100 → 3301). */
const areaPrefix = (code: string) => code.replace(/(00)+$/, "") || code;

export function createShopBasicService(weather: WeatherProvider | null) {
  return {
    async isInBusiScopeCode(input: In<"isInBusiScopeCode">, ctx: Ctx): Promise<Out<"isInBusiScopeCode">> {
      const { boId } = ctx.me();
      const [path, shop] = await Promise.all([categoryPathOf(ctx.db, input.categoryId), repo.findByBoId(ctx.db, boId)]);
      if (path.length === 0) throw badField("categoryId", referenceRefusals.unknownCategory);
      const mainId = shop?.mainCategoryId ?? null;
      if (!mainId) return { categoryId: input.categoryId, inScope: false, via: null, mainCategory: null, related: [] };
      const relatedIds = (await relatedCategoryIds(ctx.db, [mainId])).map((r) => r.id);
      const names = await categoryRefs(ctx.db, [mainId, ...relatedIds]);
      const onPath = new Set(path.map((c) => c.id));
      const via = onPath.has(mainId) ? "mainCategory" : relatedIds.some((id) => onPath.has(id)) ? "related" : null;
      return {
        categoryId: input.categoryId,
        inScope: via !== null,
        via,
        mainCategory: names.get(mainId) ?? null,
        related: relatedIds.flatMap((id) => names.get(id) ?? []),
      };
    },

    async selShopByParam(input: In<"selShopByParam">, ctx: Ctx): Promise<Out<"selShopByParam">> {
      const rows = await repo.directory(ctx.db, {
        name: input.name || undefined,
        areaPrefix: input.areaCode ? areaPrefix(input.areaCode) : undefined,
        mainCategoryId: input.mainCategoryId,
        after: input.cursor ? decodeNameCursor(input.cursor) : null,
        limit: input.pageSize + 1,
      });
      const page = rows.slice(0, input.pageSize);
      const [areas, categories] = await Promise.all([
        areaRefs(
          ctx.db,
          page.map((r) => r.areaCode),
        ),
        categoryRefs(
          ctx.db,
          page.flatMap((r) => (r.mainCategoryId ? [r.mainCategoryId] : [])),
        ),
      ]);
      const last = page[page.length - 1];
      return {
        list: page.map((r) => ({
          shopId: r.id,
          boId: r.boId,
          name: r.name,
          brand: r.brand,
          area: (r.areaCode && areas.get(r.areaCode)) || null,
          mainCategory: (r.mainCategoryId && categories.get(r.mainCategoryId)) || null,
          intro: r.intro,
        })),
        nextCursor: rows.length > input.pageSize && last ? encodeCursor(last.name, last.id) : null,
      };
    },

    async selWeatherList(input: In<"selWeatherList">, ctx: Ctx): Promise<Out<"selWeatherList">> {
      const me = ctx.me();
      if (!weather) throw refuse(codes.NOT_CONFIGURED, R.weatherNotConfigured);
      const shop = await repo.findByBoId(ctx.db, me.boId);
      const where = await areaRef(ctx.db, shop?.areaCode);
      if (!where) throw refuse(codes.NOT_FOUND, R.weatherNoArea);
      // The city of the shop's area (a shop placed on a whole province: the province).
      const cityCode = where.codes[1] ?? where.codes[0] ?? where.code;
      const provinceCode = where.codes[0] ?? where.code;
      const [names, place] = await Promise.all([areaNames(ctx.db, [cityCode, provinceCode]), areaRef(ctx.db, cityCode)]);
      const city = names.get(cityCode)?.name ?? cityCode;
      try {
        const days = await weather.forecast(
          { code: cityCode, city, province: names.get(provinceCode)?.name ?? city },
          input.days,
          me.timeZone,
        );
        return { place: place ?? where, days };
      } catch (err) {
        if (!(err instanceof WeatherError)) throw err;
        ctx.req.log.warn({ err, provider: weather.name, area: cityCode }, "weather forecast failed");
        if (err.kind === "unknownPlace") throw refuse(codes.NOT_FOUND, R.weatherPlaceUnknown, { place: city });
        throw refuse(codes.PROVIDER_FAILED, R.weatherUnavailable);
      }
    },
  };
}
