import { join } from "node:path";
import { codes, contract, type InputOf, type OutputOf } from "@sbo/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../platform/db/rows";
import { localFileStore } from "../../platform/files/file-store";
import { createStaff, meOf } from "../../test/fixtures";
import { PNG, uploadImage } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { reviewPending } from "./media.service";
import { mediaVideo } from "./media.tables";
import { issueUploadToken } from "./upload-token.rules";
import { checkVideo, tinyMp4 } from "./video.rules";

/*
 * Videos: upload (MP4/WebM by bytes, the signed upload credential), add → pending, the automatic review from the bytes
 * (approved with its duration, or rejected with the reason), edit → back to review, on/off only when approved, delete;
 * bad input, another seller's ids, a member lacking the function, and two review passes at once.
 */

const M = contract.media;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let cover: string;

const files = () => localFileStore(join(t.config.dataDir, "files"));
const review = () => reviewPending(t.db, files());

/** Uploads a video with a fresh credential of the uploader (or the `token` given; `null`: none). */
async function uploadVideo(bytes: Buffer, o: { ticket?: string; token?: string | null; name?: string } = {}) {
  const ticket = o.ticket ?? owner;
  const token = o.token === undefined ? ((await t.call(M.getUploadSts2WithExpire, {}, { ticket })).data?.token ?? null) : o.token;
  return t.upload<OutputOf<typeof M.upload>>(
    M.upload.path,
    [
      { name: "systemId", value: "71" },
      ...(token !== null ? [{ name: "token", value: token }] : []),
      { name: "file", filename: o.name ?? "clip.mp4", contentType: "video/mp4", value: bytes },
    ],
    { ticket },
  );
}

async function added(seconds = 5, patch: Partial<InputOf<typeof M.add>> = {}) {
  const up = await uploadVideo(tinyMp4(seconds));
  expect(up.code, up.msg).toBe(codes.OK);
  const res = await t.call(M.add, { title: "Orchard morning", coverFileId: cover, videoFileId: up.data.id, ...patch }, { ticket: owner });
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data;
}

const storedVideos = async () =>
  Number(
    (await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from stored_file where bo_id = ${boId} and purpose = 'video'`))[0]?.n,
  );
const videoCount = async () =>
  Number((await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from ${mediaVideo} where bo_id = ${boId}`))[0]?.n);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  other = await t.login("demo2");
  boId = (await meOf(t, owner)).boId as string;
  cover = await uploadImage(t, owner, "cover.png");
}, 120_000);
afterAll(() => t.close());

describe("the demo data", () => {
  it("when the demo is built, then each demo seller has videos approved, pending and rejected", async () => {
    for (const ticket of [owner, other]) {
      const page = await t.call(M.page, { pageSize: 100 }, { ticket });
      expect(new Set(page.data.list.map((v) => v.state))).toEqual(new Set(["approved", "pending", "rejected"]));
    }
  });
});

describe("uploading", () => {
  it("when an MP4 is uploaded, then it is kept as a video; a PNG is refused naming the file", async () => {
    const ok = await uploadVideo(tinyMp4(3));
    expect(ok.code, ok.msg).toBe(codes.OK);
    expect(ok.data).toMatchObject({ contentType: "video/mp4", name: "clip.mp4" });
    const png = await uploadVideo(PNG, { name: "clip.png" });
    expect(png.status).toBe(400);
    expect(png.msg).toContain("file");
  });

  it("when a video is larger than the platform's 10 MB, then it is still taken (videos have their own 50 MB limit)", async () => {
    const big = Buffer.concat([tinyMp4(30), Buffer.alloc(12 * 1024 * 1024)]);
    const res = await uploadVideo(big, { name: "long.mp4" });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.size).toBe(big.length);
  });

  it("when the upload carries no credential or an empty one, then 400 names token and nothing is stored (issue 22, finding 10)", async () => {
    const before = await storedVideos();
    for (const token of [null, ""]) {
      const res = await uploadVideo(tinyMp4(3), { token });
      expect(res.status, String(token)).toBe(400);
      expect(res.code).toBe(codes.BAD_INPUT);
      expect((res.data as unknown as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(["token"]);
    }
    // Forged: signed with the secret that was once the published default.
    const me = await meOf(t, owner);
    const forged = issueUploadToken(
      "upload-token-secret-change-me",
      { boId, memberId: me.memberId as string },
      new Date(Date.now() + 60_000),
    );
    expect((await uploadVideo(tinyMp4(3), { token: forged })).status).toBe(400);
    expect(await storedVideos()).toBe(before);
  });

  it("when the upload carries a credential, then only a valid, unexpired one of this seller is accepted", async () => {
    const sts = await t.call(M.getUploadSts2WithExpire, {}, { ticket: owner });
    expect(sts.code).toBe(codes.OK);
    expect(Date.parse(sts.data.expiresAt)).toBeGreaterThan(Date.now());
    expect((await uploadVideo(tinyMp4(3), { token: sts.data.token })).code).toBe(codes.OK);
    const theirs = await t.call(M.getUploadSts2WithExpire, {}, { ticket: other });
    const foreign = await uploadVideo(tinyMp4(3), { token: theirs.data.token });
    expect(foreign.status).toBe(400);
    expect(foreign.msg).toContain("token");
    const me = await meOf(t, owner);
    const expired = issueUploadToken(t.config.uploadTokenSecret, { boId, memberId: me.memberId as string }, new Date(Date.now() - 1000));
    expect((await uploadVideo(tinyMp4(3), { token: expired })).status).toBe(400);
    expect((await uploadVideo(tinyMp4(3), { token: `${sts.data.token}x` })).status).toBe(400);
  });
});

describe("review", () => {
  it("when a video is added, then it is pending; the review approves it with its duration and puts it on", async () => {
    const v = await added(5);
    expect(v).toMatchObject({ state: "pending", on: false, durationSeconds: null, title: "Orchard morning" });
    expect((await t.call(M.page, { state: "pending" }, { ticket: owner })).data.list.map((x) => x.id)).toContain(v.id);
    await review();
    const d = await t.call(M.detail, { id: v.id }, { ticket: owner });
    expect(d.data).toMatchObject({ state: "approved", on: true, durationSeconds: 5, rejectReason: null });
  });

  it("when a video is too short or too long, then the review rejects it with the reason", async () => {
    const short = await added(0.5);
    const long = await added(3600);
    await review();
    expect((await t.call(M.detail, { id: short.id }, { ticket: owner })).data).toMatchObject({
      state: "rejected",
      rejectReason: "tooShort",
    });
    expect((await t.call(M.detail, { id: long.id }, { ticket: owner })).data).toMatchObject({ state: "rejected", rejectReason: "tooLong" });
  });

  it("the check reads a WebM's duration and refuses bytes that are no video", () => {
    const ebml = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x88, 0x42, 0x82, 0x84, ...Buffer.from("webm")]);
    const duration = Buffer.alloc(11);
    duration.set([0x44, 0x89, 0x88]);
    duration.writeDoubleBE(12_000, 3);
    expect(checkVideo(Buffer.concat([ebml, duration]), "image/png")).toEqual({ approved: true, durationSeconds: 12 });
    expect(checkVideo(PNG, null)).toMatchObject({ approved: false, reason: "notVideo" });
    expect(checkVideo(tinyMp4(5), "application/pdf")).toMatchObject({ approved: false, reason: "coverNotImage" });
  });

  it("when two review passes run at once, then each pending video is decided once", async () => {
    await added(4);
    await added(6);
    const [a, b] = await Promise.all([review(), review()]);
    expect((a ?? 0) + (b ?? 0)).toBeGreaterThanOrEqual(2);
    const pending = await t.call(M.page, { state: "pending" }, { ticket: owner });
    expect(pending.data.total).toBe(0);
  });
});

describe("states", () => {
  it("when an approved video is taken off and put on, then it follows; editing sends it back to review and off", async () => {
    const v = await added(5);
    await review();
    const off = await t.call(M.updateStatus, { id: v.id, on: false }, { ticket: owner });
    expect(off.data).toMatchObject({ on: false, state: "approved" });
    expect((await t.call(M.updateStatus, { id: v.id, on: true }, { ticket: owner })).data.on).toBe(true);
    const edited = await t.call(
      M.update,
      { id: v.id, title: "Orchard noon", coverFileId: cover, videoFileId: v.video.id },
      { ticket: owner },
    );
    expect(edited.data).toMatchObject({ state: "pending", on: false, title: "Orchard noon" });
    // Pending: it cannot be put on.
    const refused = await t.call(M.updateStatus, { id: v.id, on: true }, { ticket: owner });
    expect(refused.code).toBe(codes.STATE_FORBIDS);
    expect(refused.reason).toBe("media.notApproved");
  });

  it("when a video is deleted, then it is gone", async () => {
    const v = await added();
    expect((await t.call(M.delete, { id: v.id }, { ticket: owner })).code).toBe(codes.OK);
    expect((await t.call(M.detail, { id: v.id }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
  });
});

describe("bad input, another seller, functions", () => {
  it("when the fields are wrong, then 400 names the field and nothing is written", async () => {
    const up = await uploadVideo(tinyMp4(5));
    const [theirGoods] = await rowsOf<{ id: string }>(t.db, sql`select id from goods where bo_id <> ${boId} limit 1`);
    const before = await videoCount();
    const cases: [string, Record<string, unknown>][] = [
      ["title", { title: "", videoFileId: up.data.id }],
      ["videoFileId", { title: "A", videoFileId: cover }],
      ["coverFileId", { title: "A", videoFileId: up.data.id, coverFileId: up.data.id }],
      ["goodsIds.0", { title: "A", videoFileId: up.data.id, goodsIds: [theirGoods?.id] }],
    ];
    for (const [field, body] of cases) {
      const res = await t.post(M.add.path, body, { ticket: owner });
      expect(res.status, field).toBe(400);
      expect(res.msg, field).toContain(field);
    }
    expect(await videoCount()).toBe(before);
  });

  it("when another seller's video id is used, then it is not found and nothing changes", async () => {
    const v = await added();
    for (const [call, input] of [
      [M.detail, { id: v.id }],
      [M.updateStatus, { id: v.id, on: false }],
      [M.delete, { id: v.id }],
      [M.update, { id: v.id, title: "Mine now", videoFileId: v.video.id }],
    ] as const)
      expect((await t.post(call.path, input, { ticket: other })).code).not.toBe(codes.OK);
    const [row] = await t.db.select().from(mediaVideo).where(eq(mediaVideo.id, v.id));
    expect(row?.title).toBe("Orchard morning");
  });

  it("when a staff member lacks shop.video, then 403 names it and nothing is written", async () => {
    const clerk = await createStaff(t, boId, ["goods.manage"]);
    const before = await videoCount();
    const res = await t.call(M.page, {}, { ticket: clerk });
    expect(res.status).toBe(403);
    expect(res.msg).toContain("shop.video");
    expect((await uploadVideo(tinyMp4(3), { ticket: clerk })).status).toBe(403);
    expect(await videoCount()).toBe(before);
  });
});
