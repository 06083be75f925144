import { codes, contract, MAX_ATTACHED_FILES } from "@sbo/contract";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, meOf } from "../../test/fixtures";
import { uploadImage } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { goods } from "../goods/goods.tables";
import { fileAttachment } from "./system.tables";

/*
 * Files attached to a record (`addFileList`, `selByTypeBusTypeRefId`): the organisation's own uploads on its own
 * records, in order; another organisation's record or file, a file of another kind, a member without the record
 * kind's function, and two attaches at once.
 */

const S = contract.system;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let goodsId: string;
let otherGoodsId: string;

async function firstGoods(bo: string) {
  const [row] = await t.db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.boId, bo), isNull(goods.deletedAt)))
    .limit(1);
  if (!row) throw new Error("no goods");
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  other = await t.login("demo2");
  boId = (await meOf(t, owner)).boId as string;
  goodsId = await firstGoods(boId);
  otherGoodsId = await firstGoods((await meOf(t, other)).boId as string);
}, 120_000);
afterAll(() => t.close());

describe("files attached to a record", () => {
  it("when images are attached to one of the seller's goods, then they list in order; one attached again is skipped", async () => {
    const a = await uploadImage(t, owner, "a.png");
    const b = await uploadImage(t, owner, "b.png");
    const key = { type: "image", busType: "goods", refId: goodsId } as const;
    const res = await t.call(S.addFileList, { ...key, fileIds: [a, b] }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.map((f) => [f.fileId, f.sort, f.name])).toEqual([
      [a, 1, "a.png"],
      [b, 2, "b.png"],
    ]);
    const again = await t.call(S.addFileList, { ...key, fileIds: [b] }, { ticket: owner });
    expect(again.data).toHaveLength(2);
    const list = await t.call(S.selByTypeBusTypeRefId, key, { ticket: owner });
    expect(list.data.map((f) => f.url)).toEqual([`/files/${a}`, `/files/${b}`]);
    // Another kind of file of the same record is another list.
    expect((await t.call(S.selByTypeBusTypeRefId, { ...key, type: "pdf" }, { ticket: owner })).data).toEqual([]);
  });

  it("when the record or a file is not the seller's, or a file is of another kind, then 400 names the field and nothing is written", async () => {
    const mine = await uploadImage(t, owner);
    const theirs = await uploadImage(t, other);
    const before = await t.db.select().from(fileAttachment).where(eq(fileAttachment.boId, boId));
    for (const [field, body] of [
      ["refId", { type: "image", busType: "goods", refId: otherGoodsId, fileIds: [mine] }],
      ["fileIds.0", { type: "image", busType: "goods", refId: goodsId, fileIds: [theirs] }],
      ["fileIds.0", { type: "pdf", busType: "goods", refId: goodsId, fileIds: [mine] }],
      ["busType", { type: "image", busType: "order", refId: goodsId, fileIds: [mine] }],
      ["fileIds", { type: "image", busType: "goods", refId: goodsId, fileIds: [] }],
    ] as const) {
      const res = await t.post(S.addFileList.path, { systemId: 71, ...body }, { ticket: owner });
      expect(res.status, field).toBe(400);
      expect(res.msg, field).toContain(field);
    }
    const read = await t.call(S.selByTypeBusTypeRefId, { type: "image", busType: "goods", refId: otherGoodsId }, { ticket: owner });
    expect(read.status).toBe(400);
    const after = await t.db.select().from(fileAttachment).where(eq(fileAttachment.boId, boId));
    expect(after).toHaveLength(before.length);
  });

  it("when a member lacks the record kind's function, then reading or attaching is refused with 403", async () => {
    const clerk = await createStaff(t, boId, ["order.manage"]);
    const key = { type: "image", busType: "goods", refId: goodsId } as const;
    expect((await t.call(S.selByTypeBusTypeRefId, key, { ticket: clerk })).status).toBe(403);
    const viewer = await createStaff(t, boId, ["goods.manage"]);
    expect((await t.call(S.selByTypeBusTypeRefId, key, { ticket: viewer })).code).toBe(codes.OK);
    expect((await t.call(S.addFileList, { ...key, fileIds: ["X"] }, { ticket: viewer })).status).toBe(403);
  });

  it("when two attaches to one record run at once, then both land in order without a gap or a repeat; past the limit it is refused", async () => {
    const advert = (await t.call(contract.advert.selAdvertListByParam, {}, { ticket: owner })).data[0]?.id ?? "";
    const key = { type: "image", busType: "advert", refId: advert } as const;
    const [x, y] = [await uploadImage(t, owner), await uploadImage(t, owner)];
    const [r1, r2] = await Promise.all([
      t.call(S.addFileList, { ...key, fileIds: [x] }, { ticket: owner }),
      t.call(S.addFileList, { ...key, fileIds: [y] }, { ticket: owner }),
    ]);
    expect([r1?.code, r2?.code]).toEqual([codes.OK, codes.OK]);
    const list = await t.call(S.selByTypeBusTypeRefId, key, { ticket: owner });
    expect(list.data.map((f) => f.sort)).toEqual([1, 2]);
    const many = await Promise.all(Array.from({ length: MAX_ATTACHED_FILES - 1 }, () => uploadImage(t, owner)));
    const over = await t.call(S.addFileList, { ...key, fileIds: many }, { ticket: owner });
    expect(over.code).toBe(codes.STATE_FORBIDS);
  });
});
