import {
  type contract,
  fieldIssues,
  freightTemplateRules,
  MAX_FREE_RULES,
  MAX_REGION_RULES,
  type ParsedInputOf,
  freightRefusals as R,
} from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound } from "../../../platform/http/errors";
import { pageOf } from "../../../platform/http/paging";
import * as repo from "./freight.repository";
import { areaNamesOf, type Out, ruleItemOf, templateOf } from "./freight.view";
import { checkAreas, Issues } from "./freight-checks.service";

/*
 * A template's rows one at a time (`/trading/freightTemplateInfo/`): a region rule or a free-shipping condition. A row
 * written alone is checked with the whole template around it, by the same rules as the template form (the contract's
 * `checkFreightFields`), and its problems are named by the row's own fields.
 */

type F = typeof contract.freight;
type In<K extends keyof F> = ParsedInputOf<F[K]>;
type RowInput = In<"addInfo"> | In<"updInfoById">;

const valuesOf = (input: RowInput, sort: number): repo.InfoValues =>
  input.kind === "fee"
    ? {
        kind: "fee",
        areas: input.areas,
        firstUnit: input.firstUnit,
        firstFee: input.firstFee,
        additionalUnit: input.additionalUnit,
        additionalFee: input.additionalFee,
        freeBy: null,
        threshold: null,
        sort,
      }
    : {
        kind: "free",
        areas: input.areas,
        firstUnit: null,
        firstFee: null,
        additionalUnit: null,
        additionalFee: null,
        freeBy: input.freeBy,
        threshold: input.threshold,
        sort,
      };

/**
 * The template with `row` in place of the stored row `replacing` (or added): its problems on the row, by the row's own
 * field names. The row goes last among its kind, so that an area it shares with another row is named on it.
 */
async function checkRow(db: Executor, t: repo.TemplateRow, others: repo.InfoRow[], row: repo.InfoValues & { id: string }) {
  const issues = new Issues();
  await checkAreas(db, issues, [{ path: "areas", codes: row.areas }]);
  const whole = templateOf(t, [...others, { ...row, boId: t.boId, templateId: t.id, createdAt: t.createdAt, updatedAt: t.updatedAt }]);
  const list = row.kind === "fee" ? "regionRules" : "freeRules";
  const prefix = `${list}.${(row.kind === "fee" ? whole.regionRules : whole.freeRules).length - 1}`;
  const parsed = freightTemplateRules.safeParse(whole);
  if (!parsed.success)
    issues.push(
      ...fieldIssues(parsed.error).flatMap((i) =>
        i.path === prefix || i.path.startsWith(`${prefix}.`) ? [{ ...i, path: i.path.slice(prefix.length + 1) || "areas" }] : [],
      ),
    );
  issues.throwIfAny();
}

async function templateOrMissing(db: Executor, boId: string, id: string, lock = false) {
  const t = await repo.findById(db, boId, id, lock);
  if (!t) throw notFound(R.notFound);
  return t;
}

async function itemOf(db: Executor, row: repo.InfoRow): Promise<Out<"selInfoById">> {
  return ruleItemOf(row, await areaNamesOf(db, row.areas));
}

/** Rows: one, a page, all, in short; add one; change one. */
export const ruleService = {
  async selInfoById(input: In<"selInfoById">, ctx: Ctx): Promise<Out<"selInfoById">> {
    const row = await repo.findRow(ctx.db, ctx.me().boId, input.id);
    if (!row) throw notFound(R.ruleNotFound);
    return itemOf(ctx.db, row);
  },

  async addInfo(input: In<"addInfo">, ctx: Ctx): Promise<Out<"addInfo">> {
    const { boId } = ctx.me();
    const t = await templateOrMissing(ctx.db, boId, input.refId, true);
    const rows = await repo.rowsOf(ctx.db, t.id);
    const ofKind = rows.filter((r) => r.kind === input.kind);
    const max = input.kind === "fee" ? MAX_REGION_RULES : MAX_FREE_RULES;
    if (ofKind.length >= max) throw badField("kind", R.tooManyRules, { max });
    const values = valuesOf(
      input,
      ofKind.reduce((n, r) => Math.max(n, r.sort + 1), 0),
    );
    await checkRow(ctx.db, t, rows, { ...values, id: "" });
    const [row] = await repo.insertRows(ctx.db, [{ ...values, boId, templateId: t.id }]);
    await repo.touchTemplate(ctx.db, t.id);
    if (!row) throw new Error("insert returned nothing");
    return itemOf(ctx.db, row);
  },

  async updInfoById(input: In<"updInfoById">, ctx: Ctx): Promise<Out<"updInfoById">> {
    const { boId } = ctx.me();
    const found = await repo.findRow(ctx.db, boId, input.id);
    if (!found) throw notFound(R.ruleNotFound);
    const t = await templateOrMissing(ctx.db, boId, found.templateId, true);
    const rows = await repo.rowsOf(ctx.db, t.id);
    const old = rows.find((r) => r.id === input.id);
    if (!old) throw notFound(R.ruleNotFound);
    // A rule keeps its kind: a fee rule does not become a free-shipping condition (add one instead).
    if (old.kind !== input.kind) throw badField("kind", R.ruleNotFound);
    const values = valuesOf(input, old.sort);
    await checkRow(
      ctx.db,
      t,
      rows.filter((r) => r.id !== old.id),
      { ...values, id: old.id },
    );
    const row = await repo.updateRow(ctx.db, old.id, values);
    await repo.touchTemplate(ctx.db, t.id);
    return itemOf(ctx.db, row);
  },

  async selPageByRefId(input: In<"selPageByRefId">, ctx: Ctx): Promise<Out<"selPageByRefId">> {
    const t = await templateOrMissing(ctx.db, ctx.me().boId, input.refId);
    const where = repo.rowsWhere(t.id, input.kind);
    return pageOf(ctx.db, input, repo.rowCountSource(where), async (limit, offset) => {
      const rows = await repo.rowsPage(ctx.db, where, limit, offset);
      const named = await areaNamesOf(
        ctx.db,
        rows.flatMap((r) => r.areas),
      );
      return rows.map((r) => ruleItemOf(r, named));
    });
  },

  async selListByRefId(input: In<"selListByRefId">, ctx: Ctx): Promise<Out<"selListByRefId">> {
    const t = await templateOrMissing(ctx.db, ctx.me().boId, input.refId);
    const rows = await repo.rowsOf(ctx.db, t.id, input.kind);
    const named = await areaNamesOf(
      ctx.db,
      rows.flatMap((r) => r.areas),
    );
    return rows.map((r) => ruleItemOf(r, named));
  },

  async selSimpleListByRefId(input: In<"selSimpleListByRefId">, ctx: Ctx): Promise<Out<"selSimpleListByRefId">> {
    const t = await templateOrMissing(ctx.db, ctx.me().boId, input.refId);
    return (await repo.rowsOf(ctx.db, t.id)).map((r) => ({ id: r.id, kind: r.kind as "fee" | "free", areaCodes: r.areas }));
  },
};
