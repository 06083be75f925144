import type { ChargeType, contract, FreeBy, OutputOf } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import { goodsUsingFreightTemplates } from "../../goods/goods.service";
import { areaRefs } from "../../reference/reference.service";
import * as repo from "./freight.repository";
import type { FreightTemplate } from "./freight.rules";

type F = typeof contract.freight;
export type Out<K extends keyof F> = OutputOf<F[K]>;
type AreaName = { code: string; name: string; nameEn: string };

/** Areas by code with their names from the province down ("浙江省 杭州市"); an unknown code is named by itself. */
export async function areaNamesOf(db: Executor, codes: string[]): Promise<(list: string[]) => AreaName[]> {
  const refs = await areaRefs(db, codes);
  return (list) =>
    list.map((code) => {
      const a = refs.get(code);
      return { code, name: a?.name ?? code, nameEn: a?.nameEn ?? code };
    });
}

const feeOf = (r: repo.InfoRow) => ({
  firstUnit: r.firstUnit ?? 1,
  firstFee: r.firstFee ?? 0,
  additionalUnit: r.additionalUnit ?? 1,
  additionalFee: r.additionalFee ?? 0,
});

/** A row as the freightTemplateInfo calls answer it. */
export function ruleItemOf(r: repo.InfoRow, named: (codes: string[]) => AreaName[]): Out<"selInfoById"> {
  const base = { id: r.id, refId: r.templateId, sort: r.sort, areas: named(r.areas) };
  if (r.kind === "free") return { ...base, kind: "free", freeBy: (r.freeBy ?? "amount") as FreeBy, threshold: r.threshold ?? 1 };
  return { ...base, kind: "fee", ...feeOf(r) };
}

export function listItemOf(t: repo.TemplateRow, counts: { fee: number; free: number } | undefined, goodsCount: number): Out<"selById"> {
  return {
    id: t.id,
    name: t.name,
    chargeType: t.chargeType as ChargeType,
    defaultRule: { firstUnit: t.firstUnit, firstFee: t.firstFee, additionalUnit: t.additionalUnit, additionalFee: t.additionalFee },
    regionRuleCount: counts?.fee ?? 0,
    freeRuleCount: counts?.free ?? 0,
    notDeliveredCount: t.notDelivered.length,
    goodsCount,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    notDelivered: [],
    regionRules: [],
    freeRules: [],
  };
}

/** A page's templates with their rule counts and how many goods use each. */
export async function listItems(db: Executor, boId: string, rows: repo.TemplateRow[]): Promise<Out<"selByParam">["list"]> {
  const ids = rows.map((t) => t.id);
  const counts = await repo.ruleCounts(db, ids);
  const used = await goodsUsingFreightTemplates(db, boId, ids);
  return rows.map((t) => {
    const { notDelivered: _n, regionRules: _r, freeRules: _f, ...item } = listItemOf(t, counts.get(t.id), used.get(t.id) ?? 0);
    return item;
  });
}

/** Everything the form edits and the detail shows, or null when the organisation has no such template. */
export async function detailOf(db: Executor, boId: string, id: string): Promise<Out<"selById"> | null> {
  const t = await repo.findById(db, boId, id);
  if (!t) return null;
  const rows = await repo.rowsOf(db, t.id);
  const used = await goodsUsingFreightTemplates(db, boId, [t.id]);
  const named = await areaNamesOf(db, [...t.notDelivered, ...rows.flatMap((r) => r.areas)]);
  const fee = rows.filter((r) => r.kind === "fee");
  const free = rows.filter((r) => r.kind === "free");
  const item = listItemOf(t, { fee: fee.length, free: free.length }, used.get(t.id) ?? 0);
  return {
    ...item,
    notDelivered: named(t.notDelivered),
    regionRules: fee.map((r) => ({ id: r.id, kind: "fee" as const, areas: named(r.areas), ...feeOf(r) })),
    freeRules: free.map((r) => ({
      id: r.id,
      kind: "free" as const,
      areas: named(r.areas),
      freeBy: (r.freeBy ?? "amount") as FreeBy,
      threshold: r.threshold ?? 1,
    })),
  };
}

/** A stored template as `freightOf` takes it. */
export function templateOf(t: repo.TemplateRow, rows: repo.InfoRow[]): FreightTemplate {
  return {
    chargeType: t.chargeType as ChargeType,
    defaultRule: { firstUnit: t.firstUnit, firstFee: t.firstFee, additionalUnit: t.additionalUnit, additionalFee: t.additionalFee },
    notDelivered: t.notDelivered,
    regionRules: rows.filter((r) => r.kind === "fee").map((r) => ({ areas: r.areas, ...feeOf(r) })),
    freeRules: rows
      .filter((r) => r.kind === "free")
      .map((r) => ({ areas: r.areas, freeBy: (r.freeBy ?? "amount") as FreeBy, threshold: r.threshold ?? 1 })),
  };
}

/** For the orders issue: one of the organisation's templates as `freightOf` takes it, or null. */
export async function templateForFreight(db: Executor, boId: string, id: string): Promise<FreightTemplate | null> {
  const t = await repo.findById(db, boId, id);
  return t ? templateOf(t, await repo.rowsOf(db, t.id)) : null;
}
