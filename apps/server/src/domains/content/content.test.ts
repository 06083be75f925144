import { codes, contract, MAX_CONTENT_PAGES } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, createStaff, expectBadFields, meOf } from "../../test/fixtures";
import { uploadImage } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { shopContent } from "./content.tables";

/*
 * Custom content pages: the demo, the list, one page, saving (new and existing) with the HTML sanitised — success, bad
 * input, another seller's ids, a member without the function, a save over someone else's newer one, and two new pages
 * with one code at once.
 */

const C = contract.content;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;

const page = (code: string, patch: Record<string, unknown> = {}) => ({ code, title: `Page ${code}`, content: "<p>Hello</p>", ...patch });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  other = await t.login("demo2");
  boId = (await meOf(t, owner)).boId as string;
}, 120_000);
afterAll(() => t.close());

describe("custom content", () => {
  it("when the demo is built, then each demo seller has two published pages", async () => {
    for (const ticket of [owner, other]) {
      const res = await t.call(C.selWebContentListByParam, { pageNum: 1, pageSize: 20 }, { ticket });
      expect(res.data.list.map((p) => p.code).sort()).toEqual(["about", "delivery"]);
      expect(res.data.list.every((p) => p.published && p.textLength > 0)).toBe(true);
    }
  });

  it("when a page is saved, then its HTML is sanitised, it is listed first and reads back", async () => {
    const image = await uploadImage(t, owner);
    const html = `<h2>Hi</h2><p onclick="x()">Text <a href="javascript:alert(1)">bad</a> <a href="https://example.com">good</a></p><script>alert(1)</script><img src="/files/${image}"><img src="https://evil.example/x.png">`;
    const res = await t.call(C.updWebContent, page("promo", { content: html }), { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.content).not.toContain("script");
    expect(res.data.content).not.toContain("onclick");
    expect(res.data.content).not.toContain("javascript");
    expect(res.data.content).not.toContain("evil");
    expect(res.data.content).toContain(`<img src="/files/${image}">`);
    expect(res.data.content).toContain('href="https://example.com"');
    const list = await t.call(C.selWebContentListByParam, { pageNum: 1, pageSize: 20 }, { ticket: owner });
    expect(list.data.list[0]?.id).toBe(res.data.id);
    const one = await t.call(C.selWebContentById, { id: res.data.id }, { ticket: owner });
    expect(one.data.content).toBe(res.data.content);
    const found = await t.call(C.selWebContentListByParam, { pageNum: 1, pageSize: 20, keyword: "PROMO" }, { ticket: owner });
    expect(found.data.list.map((p) => p.id)).toEqual([res.data.id]);
    const edited = await t.call(
      C.updWebContent,
      {
        ...page("promo", { title: "Promotion", content: "<p>New text</p>", published: false }),
        id: res.data.id,
        updatedAt: res.data.updatedAt,
      },
      { ticket: owner },
    );
    expect(edited.data).toMatchObject({ title: "Promotion", content: "<p>New text</p>", published: false, textLength: 8 });
    const unpublished = await t.call(C.selWebContentListByParam, { pageNum: 1, pageSize: 20, published: false }, { ticket: owner });
    expect(unpublished.data.list.map((p) => p.id)).toEqual([res.data.id]);
  });

  it("when a page's input is bad, then 400 names the field and nothing is written", async () => {
    const before = await t.db.select().from(shopContent).where(eq(shopContent.boId, boId));
    await expectBadFields(t, C.updWebContent.path, owner, { systemId: 71, ...page("fine") }, [
      ["code", { code: "Bad Code" }],
      ["code", { code: "1abc" }],
      ["title", { title: "" }],
      ["title", { title: "x".repeat(61) }],
      ["boId", { boId }],
    ]);
    const taken = await t.call(C.updWebContent, page("about"), { ticket: owner });
    expect(taken.status).toBe(400);
    expect(taken.msg).toContain("code");
    const after = await t.db.select().from(shopContent).where(eq(shopContent.boId, boId));
    expect(after).toHaveLength(before.length);
  });

  it("when another seller's page is read or saved, then it is not found and stays", async () => {
    const theirs = (await t.call(C.selWebContentListByParam, { pageNum: 1, pageSize: 20 }, { ticket: other })).data.list[0];
    expect((await t.call(C.selWebContentById, { id: theirs?.id ?? "" }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    const res = await t.call(C.updWebContent, { ...page("hijack"), id: theirs?.id ?? "" }, { ticket: owner });
    expect(res.code).toBe(codes.NOT_FOUND);
    const [row] = await t.db
      .select()
      .from(shopContent)
      .where(eq(shopContent.id, theirs?.id ?? ""));
    expect(row?.title).toBe(theirs?.title);
  });

  it("when a member lacks the content functions, then reading or saving is refused with 403", async () => {
    const clerk = await createStaff(t, boId, ["order.manage"]);
    expect((await t.call(C.selWebContentListByParam, { pageNum: 1, pageSize: 20 }, { ticket: clerk })).status).toBe(403);
    const viewer = await createStaff(t, boId, ["shop.cms"]);
    expect((await t.call(C.selWebContentListByParam, { pageNum: 1, pageSize: 20 }, { ticket: viewer })).code).toBe(codes.OK);
    expect((await t.call(C.updWebContent, page("viewer"), { ticket: viewer })).status).toBe(403);
  });

  it("when someone else saved the page after it was opened, then the older save is refused and theirs stays", async () => {
    const first = await t.call(C.updWebContent, page("shared"), { ticket: owner });
    const opened = first.data.updatedAt;
    await new Promise((r) => setTimeout(r, 5));
    const theirs = await t.call(
      C.updWebContent,
      { ...page("shared", { content: "<p>Theirs</p>" }), id: first.data.id, updatedAt: opened },
      { ticket: owner },
    );
    expect(theirs.code, theirs.msg).toBe(codes.OK);
    const mine = await t.call(
      C.updWebContent,
      { ...page("shared", { content: "<p>Mine</p>" }), id: first.data.id, updatedAt: opened },
      { ticket: owner },
    );
    expect(mine.code).toBe(codes.CONFLICT);
    const [row] = await t.db.select().from(shopContent).where(eq(shopContent.id, first.data.id));
    expect(row?.content).toBe("<p>Theirs</p>");
  });

  it("when two new pages with one code are saved at once, then one is saved and the other refused", async () => {
    const [a, b] = await Promise.all([
      t.call(C.updWebContent, page("twin", { title: "A" }), { ticket: owner }),
      t.call(C.updWebContent, page("twin", { title: "B" }), { ticket: owner }),
    ]);
    expect([a?.status, b?.status].sort()).toEqual([200, 400]);
    const rows = await t.db.select().from(shopContent).where(eq(shopContent.code, "twin"));
    expect(rows.filter((r) => r.boId === boId)).toHaveLength(1);
  });

  it("when a shop has the most pages, then another new page is refused", async () => {
    const seller = await createSeller(t);
    const ticket = await t.login(seller.loginName, seller.password);
    await t.db.insert(shopContent).values(
      Array.from({ length: MAX_CONTENT_PAGES }, (_, i) => ({
        boId: seller.boId,
        shopId: seller.shopId ?? "",
        code: `p${i}`,
        title: `P${i}`,
      })),
    );
    const res = await t.call(C.updWebContent, page("one-more"), { ticket });
    expect(res.code).toBe(codes.STATE_FORBIDS);
  });
});
