import { codes, type contract, type OutputOf, type ParsedInputOf, memberRefusals as R } from "@sbo/contract";
import type { Ctx } from "../../../platform/http/context";
import { badField, refuse } from "../../../platform/http/errors";
import * as repo from "./tag.repository";

type M = typeof contract.member;
type In<K extends keyof M> = ParsedInputOf<M[K]>;
type Out<K extends keyof M> = OutputOf<M[K]>;

/** At most this many tags per organisation (the tag list is not paged). */
export const MAX_TAGS = 100;

async function requireTag(ctx: Ctx, id: string) {
  if (!(await repo.lockTag(ctx.db, ctx.me().boId, id))) throw refuse(codes.NOT_FOUND, R.tagNotFound);
}

/** Member tags: list with member counts, add or change, delete. */
export const tagService = {
  selMemberTagByParam: (input: In<"selMemberTagByParam">, ctx: Ctx): Promise<Out<"selMemberTagByParam">> =>
    repo.tagsWithCounts(ctx.db, ctx.me().boId, input.name),

  async addOrUpdMemberTag(input: In<"addOrUpdMemberTag">, ctx: Ctx): Promise<Out<"addOrUpdMemberTag">> {
    const { boId } = ctx.me();
    if (input.id) await requireTag(ctx, input.id);
    if (await repo.nameTaken(ctx.db, boId, input.name, input.id)) throw badField("name", R.tagNameTaken);
    if (!input.id && (await repo.countTags(ctx.db, boId)) >= MAX_TAGS) throw badField("name", R.tagLimit, { max: MAX_TAGS });
    const values = { name: input.name, color: input.color.toLowerCase() };
    const row = input.id ? await repo.updateTag(ctx.db, boId, input.id, values) : await repo.insertTag(ctx.db, boId, values);
    return { id: row.id, name: row.name, color: row.color };
  },

  async delMemberTagById(input: In<"delMemberTagById">, ctx: Ctx): Promise<null> {
    await requireTag(ctx, input.id);
    await repo.deleteTag(ctx.db, input.id);
    return null;
  },
};
