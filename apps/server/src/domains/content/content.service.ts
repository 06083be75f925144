import {
  type ContentDetail,
  codes,
  type contract,
  MAX_CONTENT_HTML,
  MAX_CONTENT_PAGES,
  type OutputOf,
  type ParsedInputOf,
  contentRefusals as R,
} from "@sbo/contract";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, refuse, stateForbids } from "../../platform/http/errors";
import { pageOf } from "../../platform/http/paging";
import { sanitizedDescription } from "../goods/goods-checks.service";
import * as repo from "./content.repository";

/*
 * Custom content pages (docs/domains/content.md). The HTML is sanitised by the goods description's allow-list (images
 * only from the organisation's own files); a save names the version it edited, and a newer one saved meanwhile by
 * someone else is not overwritten.
 */

type C = typeof contract.content;
type In<K extends keyof C> = ParsedInputOf<C[K]>;
type Out<K extends keyof C> = OutputOf<C[K]>;

/** Characters of the text without its markup (entities count as one). */
export const textLengthOf = (html: string) => html.replace(/<[^>]*>/g, "").replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, "x").length;

const detailOf = (r: repo.ContentRow): ContentDetail => ({
  id: r.id,
  code: r.code,
  title: r.title,
  published: r.published,
  textLength: r.textLength,
  content: r.content,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

async function selWebContentListByParam(input: In<"selWebContentListByParam">, ctx: Ctx): Promise<Out<"selWebContentListByParam">> {
  const where = repo.listWhere(ctx.me().boId, input);
  return pageOf(ctx.db, input, repo.countSource(where), async (limit, offset) =>
    (await repo.listPage(ctx.db, where, limit, offset)).map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
  );
}

async function selWebContentById(input: In<"selWebContentById">, ctx: Ctx): Promise<Out<"selWebContentById">> {
  const row = await repo.findById(ctx.db, ctx.me().boId, input.id);
  if (!row) throw notFound(R.notFound);
  return detailOf(row);
}

async function updWebContent(input: In<"updWebContent">, ctx: Ctx): Promise<Out<"updWebContent">> {
  const me = ctx.me();
  const content = await sanitizedDescription(ctx.db, me.boId, input.content);
  if (content.length > MAX_CONTENT_HTML) throw badField("content", R.tooLong, { length: content.length, max: MAX_CONTENT_HTML });
  const fields = { code: input.code, title: input.title, content, textLength: textLengthOf(content), published: input.published };
  await repo.lockContent(ctx.db, me.boId);
  if (input.id) {
    const row = await repo.findById(ctx.db, me.boId, input.id, true);
    if (!row) throw notFound(R.notFound);
    if (input.updatedAt && row.updatedAt.getTime() > Date.parse(input.updatedAt))
      throw refuse(codes.CONFLICT, R.changedMeanwhile, { updatedAt: row.updatedAt.toISOString() });
    if (await repo.codeTaken(ctx.db, me.boId, input.code, row.id)) throw badField("code", R.codeTaken);
    return detailOf(await repo.updateContent(ctx.db, row.id, fields));
  }
  if ((await repo.countOf(ctx.db, me.boId)) >= MAX_CONTENT_PAGES) throw stateForbids(R.tooMany, { max: MAX_CONTENT_PAGES });
  if (await repo.codeTaken(ctx.db, me.boId, input.code)) throw badField("code", R.codeTaken);
  return detailOf(await repo.insertContent(ctx.db, { boId: me.boId, shopId: me.shop?.id ?? "", ...fields }));
}

export const contentService = { selWebContentListByParam, selWebContentById, updWebContent };
