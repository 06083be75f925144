import { codes, type contract, type OutputOf, type ParsedInputOf, memberRefusals as R } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { badField, refuse } from "../../../platform/http/errors";
import { pageOf } from "../../../platform/http/paging";
import { ownIds } from "../member.repository";
import { memberRank } from "../member.tables";
import { rankNames } from "../rank/rank.repository";
import * as repo from "./recharge.repository";

type M = typeof contract.member;
type In<K extends keyof M> = ParsedInputOf<M[K]>;
type Out<K extends keyof M> = OutputOf<M[K]>;
type Status = "draft" | "active" | "ended";

function effectiveStatus(r: repo.RechargeRow, now = new Date()): Status {
  if (r.status === "active" && r.validTo <= now) return "ended";
  return r.status as Status;
}

/** The allowed changes of a recharge offer: draft → active → ended, never back. */
const RECHARGE_NEXT: Record<string, string | undefined> = { draft: "active", active: "ended" };

async function rechargesOut(db: Executor, boId: string, rows: repo.RechargeRow[]) {
  const names = await rankNames(db, boId, [...new Set(rows.flatMap((r) => r.rankIds))]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    payAmount: r.payAmount,
    bonusAmount: r.bonusAmount,
    bonusPoints: r.bonusPoints,
    validFrom: r.validFrom.toISOString(),
    validTo: r.validTo.toISOString(),
    status: effectiveStatus(r),
    ranks: r.rankIds.flatMap((id) => {
      const name = names.get(id);
      return name ? [{ id, name }] : [];
    }),
    createdAt: r.createdAt.toISOString(),
  }));
}

async function lockOwn(ctx: Ctx, id: string) {
  const row = await repo.lockRecharge(ctx.db, ctx.me().boId, id);
  if (!row) throw refuse(codes.NOT_FOUND, R.rechargeNotFound);
  return row;
}

/** Stored-value recharge offers: draft → active → ended, editable only as drafts. */
export const rechargeService = {
  async selRechargeManageByPage(input: In<"selRechargeManageByPage">, ctx: Ctx): Promise<Out<"selRechargeManageByPage">> {
    const { boId } = ctx.me();
    const where = repo.rechargeWhere(boId, input);
    return pageOf(ctx.db, input, repo.rechargeCountSource(where), async (limit, offset) =>
      rechargesOut(ctx.db, boId, await repo.rechargePage(ctx.db, where, limit, offset)),
    );
  },

  async addOrUpdRechargePromotion(input: In<"addOrUpdRechargePromotion">, ctx: Ctx): Promise<Out<"addOrUpdRechargePromotion">> {
    const { boId } = ctx.me();
    if (input.id) {
      const current = await lockOwn(ctx, input.id);
      const status = effectiveStatus(current);
      if (status === "active") throw refuse(codes.STATE_FORBIDS, R.rechargeActiveNotEditable, { name: current.name });
      if (status === "ended") throw refuse(codes.STATE_FORBIDS, R.rechargeEndedNotEditable, { name: current.name });
    }
    const rankIds = [...new Set(input.rankIds)];
    const own = await ownIds(ctx.db, memberRank, boId, rankIds);
    if (own.size !== rankIds.length) throw badField("rankIds", R.notOwnRank);
    const values = {
      name: input.name,
      payAmount: input.payAmount,
      bonusAmount: input.bonusAmount,
      bonusPoints: input.bonusPoints,
      validFrom: new Date(input.validFrom),
      validTo: new Date(input.validTo),
      rankIds,
    };
    const row = input.id ? await repo.updateRecharge(ctx.db, boId, input.id, values) : await repo.insertRecharge(ctx.db, boId, values);
    return (await rechargesOut(ctx.db, boId, [row]))[0] as Out<"addOrUpdRechargePromotion">;
  },

  async updRechargeStatus(input: In<"updRechargeStatus">, ctx: Ctx): Promise<Out<"updRechargeStatus">> {
    const { boId } = ctx.me();
    const current = await lockOwn(ctx, input.id);
    const from = effectiveStatus(current);
    if (RECHARGE_NEXT[from] !== input.status) {
      if (from === "ended")
        throw refuse(codes.STATE_FORBIDS, input.status === "active" ? R.rechargeEndedNotStartable : R.rechargeAlreadyEnded);
      throw refuse(codes.STATE_FORBIDS, from === "draft" ? R.rechargeNotStarted : R.rechargeAlreadyActive);
    }
    const row = await repo.updateRecharge(ctx.db, boId, current.id, { status: input.status });
    return (await rechargesOut(ctx.db, boId, [row]))[0] as Out<"updRechargeStatus">;
  },
};
