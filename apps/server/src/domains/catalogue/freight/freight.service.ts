import { codes, type contract, MAX_FREIGHT_TEMPLATES, type ParsedInputOf, freightRefusals as R } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { notFound, refuse } from "../../../platform/http/errors";
import { pageOf } from "../../../platform/http/paging";
import { type FreightTemplates, goodsUsingFreightTemplates } from "../../goods/goods.service";
import * as repo from "./freight.repository";
import { detailOf, listItems, type Out } from "./freight.view";
import { checkAreas, Issues } from "./freight-checks.service";

type F = typeof contract.freight;
type In<K extends keyof F> = ParsedInputOf<F[K]>;
type TemplateInput = In<"add">;

const shopOf = (ctx: Ctx) => {
  const me = ctx.me();
  return { boId: me.boId, shopId: me.shop?.id ?? "" };
};

async function detailOrMissing(db: Executor, boId: string, id: string): Promise<Out<"selById">> {
  const d = await detailOf(db, boId, id);
  if (!d) throw notFound(R.notFound);
  return d;
}

const templateValues = (input: TemplateInput): repo.TemplateValues => ({
  name: input.name,
  chargeType: input.chargeType,
  ...input.defaultRule,
  notDelivered: [...input.notDelivered],
});

/** The database checks of a whole template (the contract checked its own rules): name, areas, the rows' ids. */
async function checkTemplate(db: Executor, boId: string, input: TemplateInput, existing: repo.InfoRow[] | null, id?: string) {
  const issues = new Issues();
  if (await repo.nameTaken(db, boId, input.name, id)) issues.add("name", R.nameTaken);
  await checkAreas(db, issues, [
    { path: "notDelivered", codes: input.notDelivered },
    ...input.regionRules.map((r, i) => ({ path: `regionRules.${i}.areas`, codes: r.areas })),
    ...input.freeRules.map((r, i) => ({ path: `freeRules.${i}.areas`, codes: r.areas })),
  ]);
  const own = new Map((existing ?? []).map((r) => [r.id, r.kind]));
  const seen = new Set<string>();
  const checkIds = (rows: Array<{ id?: string | undefined }>, kind: string, list: string) =>
    rows.forEach((r, i) => {
      if (!r.id) return;
      if (own.get(r.id) !== kind || seen.has(r.id)) issues.add(`${list}.${i}.id`, R.ruleNotFound);
      seen.add(r.id);
    });
  checkIds(input.regionRules, "fee", "regionRules");
  checkIds(input.freeRules, "free", "freeRules");
  issues.throwIfAny();
}

/** The rows of a template as given: rows with an id are changed in place, new ones added, the others removed. */
async function writeRows(db: Executor, boId: string, templateId: string, input: TemplateInput, existing: repo.InfoRow[]) {
  const wanted: Array<{ id?: string | undefined; values: repo.InfoValues }> = [
    ...input.regionRules.map((r, sort) => ({
      id: r.id,
      values: {
        kind: "fee",
        areas: r.areas,
        firstUnit: r.firstUnit,
        firstFee: r.firstFee,
        additionalUnit: r.additionalUnit,
        additionalFee: r.additionalFee,
        freeBy: null,
        threshold: null,
        sort,
      },
    })),
    ...input.freeRules.map((r, sort) => ({
      id: r.id,
      values: {
        kind: "free",
        areas: r.areas,
        firstUnit: null,
        firstFee: null,
        additionalUnit: null,
        additionalFee: null,
        freeBy: r.freeBy,
        threshold: r.threshold,
        sort,
      },
    })),
  ];
  const kept = new Set(wanted.flatMap((w) => (w.id ? [w.id] : [])));
  await repo.deleteRows(
    db,
    existing.filter((r) => !kept.has(r.id)).map((r) => r.id),
  );
  const byId = new Map(existing.map((r) => [r.id, r]));
  for (const w of wanted) {
    const old = w.id ? byId.get(w.id) : undefined;
    if (!old) continue;
    const changed = (Object.keys(w.values) as (keyof repo.InfoValues)[]).some(
      (k) => JSON.stringify(old[k]) !== JSON.stringify(w.values[k]),
    );
    if (changed) await repo.updateRow(db, old.id, w.values);
  }
  await repo.insertRows(
    db,
    wanted.filter((w) => !w.id).map((w) => ({ ...w.values, boId, templateId })),
  );
}

async function addTemplate(input: TemplateInput, ctx: Ctx): Promise<Out<"add">> {
  const { boId, shopId } = shopOf(ctx);
  if ((await repo.countOf(ctx.db, boId)) >= MAX_FREIGHT_TEMPLATES)
    throw refuse(codes.CONFLICT, R.tooManyTemplates, { max: MAX_FREIGHT_TEMPLATES });
  await checkTemplate(ctx.db, boId, input, null);
  const t = await repo.insertTemplate(ctx.db, { ...templateValues(input), boId, shopId });
  await writeRows(ctx.db, boId, t.id, input, []);
  return detailOrMissing(ctx.db, boId, t.id);
}

/** Templates: the list, the goods form's choice, one with its rules, add, replace, delete while unused, the starter. */
export const freightService = {
  async selByParam(input: In<"selByParam">, ctx: Ctx): Promise<Out<"selByParam">> {
    const { boId } = shopOf(ctx);
    const where = repo.listWhere(boId, input);
    return pageOf(ctx.db, input, repo.templateCountSource(where), async (limit, offset) =>
      listItems(ctx.db, boId, await repo.listPage(ctx.db, where, limit, offset)),
    );
  },

  async selListByShopId(_input: unknown, ctx: Ctx): Promise<Out<"selListByShopId">> {
    return (await repo.allByName(ctx.db, shopOf(ctx).boId)).map((t) => ({
      ...t,
      chargeType: t.chargeType as Out<"selById">["chargeType"],
    }));
  },

  selById: (input: In<"selById">, ctx: Ctx) => detailOrMissing(ctx.db, shopOf(ctx).boId, input.id),

  add: addTemplate,

  async upd(input: In<"upd">, ctx: Ctx): Promise<Out<"upd">> {
    const { boId } = shopOf(ctx);
    const t = await repo.findById(ctx.db, boId, input.id, true);
    if (!t) throw notFound(R.notFound);
    const existing = await repo.rowsOf(ctx.db, t.id);
    await checkTemplate(ctx.db, boId, input, existing, t.id);
    await repo.updateTemplate(ctx.db, t.id, templateValues(input));
    await writeRows(ctx.db, boId, t.id, input, existing);
    return detailOrMissing(ctx.db, boId, t.id);
  },

  async del(input: In<"del">, ctx: Ctx): Promise<null> {
    const { boId } = shopOf(ctx);
    // Locked first: a goods save naming it holds it (FOR KEY SHARE), so this waits for that save and then counts it.
    const t = await repo.findById(ctx.db, boId, input.id, true);
    if (!t) throw notFound(R.notFound);
    const n = (await goodsUsingFreightTemplates(ctx.db, boId, [t.id])).get(t.id) ?? 0;
    if (n > 0)
      throw refuse(codes.CONFLICT, n === 1 ? R.inUseByOne : R.inUseByMany, n === 1 ? { name: t.name } : { name: t.name, n }, {
        data: { goodsCount: n },
      });
    await repo.deleteTemplate(ctx.db, t.id);
    return null;
  },

  async addInitFreightTemplate(input: In<"addInitFreightTemplate">, ctx: Ctx): Promise<Out<"addInitFreightTemplate">> {
    const { boId } = shopOf(ctx);
    const name = ctx.lang === "zh" ? "包邮" : "Free shipping";
    const existing = await repo.findByName(ctx.db, boId, name);
    if (existing) return detailOrMissing(ctx.db, boId, existing.id);
    return addTemplate(
      {
        name,
        chargeType: input.chargeType,
        defaultRule: { firstUnit: 1, firstFee: 0, additionalUnit: 1, additionalFee: 0 },
        notDelivered: [],
        regionRules: [],
        freeRules: [],
      },
      ctx,
    );
  },
};

/** The port goods is handed (app.ts): a template of the organisation, held until the goods save commits. */
export const freightTemplatesForGoods: FreightTemplates = {
  holds: (db, boId, id) => repo.holdById(db, boId, id),
};
