import { codes, type contract, type OutputOf, type ParsedInputOf, staffRefusals as R } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { badField, refuse } from "../../../platform/http/errors";
import { areaRefs, checkArea } from "../../reference/reference.service";
import * as repo from "./base.repository";

type S = typeof contract.staff;
type In<K extends keyof S> = ParsedInputOf<S[K]>;
type Out<K extends keyof S> = OutputOf<S[K]>;

/** Bases with the name of their area's path, from the reference domain (one query). */
async function withAreaNames<B extends { areaCode: string }>(db: Executor, bases: B[]) {
  const refs = await areaRefs(
    db,
    bases.map((b) => b.areaCode),
  );
  return bases.map((b) => ({ ...b, areaName: refs.get(b.areaCode)?.name ?? "", areaNameEn: refs.get(b.areaCode)?.nameEn ?? "" }));
}

async function baseIn(ctx: Ctx, id: string) {
  const b = await repo.findBase(ctx.db, ctx.me().boId, id);
  if (!b) throw refuse(codes.NOT_FOUND, R.baseNotFound);
  return (await withAreaNames(ctx.db, [b]))[0] as typeof b & { areaName: string; areaNameEn: string };
}

async function checkBase(ctx: Ctx, input: { name: string; areaCode: string }, exceptId?: string) {
  await checkArea(ctx.db, input.areaCode, "areaCode");
  if (await repo.baseNameTaken(ctx.db, ctx.me().boId, input.name, exceptId)) throw badField("name", R.baseNameTaken);
}

/** An organisation's bases (farms, sites, warehouses) and which of them its staff work at. */
export const baseService = {
  async selBaseInfoByAuthority(input: In<"selBaseInfoByAuthority">, ctx: Ctx): Promise<Out<"selBaseInfoByAuthority">> {
    const me = ctx.me();
    if (me.isOwner) {
      return withAreaNames(
        ctx.db,
        (await repo.listBases(ctx.db, me.boId, { kind: input.kind, enabledOnly: true })).map(({ staffCount: _, ...b }) => b),
      );
    }
    return withAreaNames(ctx.db, await repo.basesOfEmployee(ctx.db, me.boId, me.employeeId, input.kind));
  },

  async selBaseList(input: In<"selBaseList">, ctx: Ctx): Promise<Out<"selBaseList">> {
    return withAreaNames(ctx.db, await repo.listBases(ctx.db, ctx.me().boId, input));
  },

  async addBase(input: In<"addBase">, ctx: Ctx): Promise<Out<"addBase">> {
    await checkBase(ctx, input);
    const b = await repo.insertBase(ctx.db, { ...input, boId: ctx.me().boId });
    return baseIn(ctx, b.id);
  },

  async updBase(input: In<"updBase">, ctx: Ctx): Promise<Out<"updBase">> {
    const { id, ...patch } = input;
    await baseIn(ctx, id);
    await checkBase(ctx, patch, id);
    await repo.updateBase(ctx.db, id, patch);
    return baseIn(ctx, id);
  },

  async updBaseEnabled(input: In<"updBaseEnabled">, ctx: Ctx): Promise<Out<"updBaseEnabled">> {
    await baseIn(ctx, input.id);
    await repo.updateBase(ctx.db, input.id, { enabled: input.enabled });
    return baseIn(ctx, input.id);
  },
};
