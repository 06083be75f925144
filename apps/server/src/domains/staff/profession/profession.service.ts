import { type contract, type OutputOf, type ParsedInputOf, staffRefusals as R } from "@sbo/contract";
import type { Ctx } from "../../../platform/http/context";
import { badField } from "../../../platform/http/errors";
import * as repo from "./profession.repository";
import { professionOut } from "./profession.view";

type S = typeof contract.staff;
type In<K extends keyof S> = ParsedInputOf<S[K]>;
type Out<K extends keyof S> = OutputOf<S[K]>;

/** Professions: the standard ones and those an organisation adds. */
export const professionService = {
  async selectProfession(input: In<"selectProfession">, ctx: Ctx): Promise<Out<"selectProfession">> {
    return repo.listProfessions(ctx.db, ctx.me().boId, input.name);
  },

  async addProfession(input: In<"addProfession">, ctx: Ctx): Promise<Out<"addProfession">> {
    const boId = ctx.me().boId;
    if (await repo.professionNameTaken(ctx.db, boId, input.name)) throw badField("name", R.professionTaken);
    return professionOut(await repo.insertProfession(ctx.db, { boId, name: input.name, nameEn: input.name }));
  },
};
