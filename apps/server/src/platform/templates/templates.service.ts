import { codes, type contract, type OutputOf, type ParsedInputOf, templateRefusals as R, sheetOfKind } from "@sbo/contract";
import type { Ctx } from "../http/context";
import { badField, refuse } from "../http/errors";
import * as repo from "./templates.repository";

/*
 * Saved list templates (saved filters, export column sets), a platform feature any list can use: the kinds
 * and their content schemas are declared in the contract (templates.ts), which validates every save.
 */

type T = typeof contract.templates;
type In<K extends keyof T> = ParsedInputOf<T[K]>;
type Out<K extends keyof T> = OutputOf<T[K]>;

/** At most this many templates per staff member and kind. */
export const MAX_TEMPLATES = 50;

const templateOut = (r: repo.TemplateRow): Out<"addDataTemp"> => ({
  id: r.id,
  type: r.type as Out<"addDataTemp">["type"],
  name: r.name,
  content: r.content,
  updatedAt: r.updatedAt.toISOString(),
});

const ownerOf = (ctx: Ctx): repo.Owner => {
  const { boId, memberId } = ctx.me();
  return { boId, memberId };
};

export const templatesService = {
  async selDataTempByType(ctx: Ctx, input: In<"selDataTempByType">): Promise<Out<"selDataTempByType">> {
    return (await repo.listOfType(ctx.db, ownerOf(ctx), input.type)).map(templateOut);
  },

  async addDataTemp(ctx: Ctx, input: In<"addDataTemp">): Promise<Out<"addDataTemp">> {
    const owner = ownerOf(ctx);
    if (!(await repo.findByName(ctx.db, owner, input.type, input.name))) {
      if ((await repo.countOfType(ctx.db, owner, input.type)) >= MAX_TEMPLATES) throw badField("name", R.limit, { max: MAX_TEMPLATES });
    }
    if (input.type.endsWith(".exportColumns")) checkColumns(input.type, input.content as { columns: string[] });
    const content = input.content as Record<string, unknown>;
    return templateOut(await repo.upsert(ctx.db, owner, { type: input.type, name: input.name, content }));
  },

  async delDataTemp(ctx: Ctx, input: In<"delDataTemp">): Promise<null> {
    if (!(await repo.remove(ctx.db, ownerOf(ctx), input.id))) throw refuse(codes.NOT_FOUND, R.notFound);
    return null;
  },
};

/** A saved column set names a list that exports (its sheet) and only that sheet's columns. */
function checkColumns(type: string, content: { columns: string[] }) {
  const sheet = sheetOfKind(type);
  if (!sheet) throw badField("type", R.unknownList);
  const unknown = content.columns.filter((c) => !(c in sheet.headers));
  if (unknown.length > 0) throw badField("content.columns", R.unknownColumns, { columns: unknown.join(", ") });
}
