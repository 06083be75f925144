import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { advertImageUpload, codes, contract, type OutputOf } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Settings } from "../../config";
import { bannerPng, demoBanners } from "../../demo/advert.demo";
import { reviewPending } from "../../domains/media/media.service";
import { tinyMp4 } from "../../domains/media/video.rules";
import { findFile } from "../../domains/system/system.service";
import { PNG } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { type LocalS3, startS3 } from "../../test/s3-kit";
import { FileRefusedError, FileTooLargeError } from "./file-store";
import { type S3FileStore, s3FileStore } from "./s3-file-store";

/*
 * FILE_STORE=s3 against a local S3-compatible server (s3rver) the tests start themselves: the store's put / get /
 * exists, refused and truncated uploads (nothing reaches the bucket), a missing object, the bucket check; then the
 * product through app.inject on a bucket — uploads, reads through /files/:id, another organisation refused, the demo
 * files, the advert image check and the video review reading their bytes from the bucket.
 */

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startS3(["store", "product"]);
});
afterAll(() => s3?.stop());

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
/** Where the product's bucket keeps bytes of this sha256 (S3_PREFIX `sbo/`). */
const keyOf = (sha256: string) => `sbo/${sha256.slice(0, 2)}/${sha256}`;
const settings = (bucket: string, patch: Partial<S3Settings> = {}): S3Settings => ({
  endpoint: s3.endpoint,
  region: "us-east-1",
  bucket,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
  prefix: "",
  ...patch,
});
const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
};
/** A stream of `bytes` in chunks of `size`, as an upload arrives. */
const chunked = (bytes: Buffer, size = 16 * 1024) =>
  Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)));

describe("the S3 file store", () => {
  let store: S3FileStore;
  let tmp: string;
  const PREFIX = "shop-a/files/";
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), "sbo-s3-tmp-"));
    store = s3FileStore({ ...settings("store", { prefix: PREFIX }), tmpDir: tmp });
  });
  afterAll(() => {
    store.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it("when bytes are put, then they are kept under their sha256 (after the prefix), read back whole and known to exist", async () => {
    const bytes = Buffer.from("hello, bucket");
    const put = await store.put(Readable.from([bytes]), () => "yes");
    expect(put).toEqual({ sha256: sha(bytes), size: bytes.length, accepted: "yes" });
    expect(await s3.keys("store")).toContain(`${PREFIX}${put.sha256.slice(0, 2)}/${put.sha256}`);
    expect(await store.exists(put.sha256)).toBe(true);
    expect((await read(store.get(put.sha256))).equals(bytes)).toBe(true);
    // The temporary copy the check was made on is gone.
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("when a file of several megabytes arrives in chunks, then accept sees its true ends and size and the bucket keeps it byte for byte", async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 123);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + (i >> 11)) & 0xff;
    let seen: { head: Buffer; tail: Buffer; size: number } | undefined;
    const put = await store.put(chunked(bytes), (ends) => {
      seen = ends;
      return true;
    });
    expect(seen?.size).toBe(bytes.length);
    expect(seen?.head.equals(bytes.subarray(0, seen.head.length))).toBe(true);
    expect(seen?.tail.equals(bytes.subarray(bytes.length - (seen?.tail.length ?? 0)))).toBe(true);
    const back = await read(store.get(put.sha256));
    expect(back.length).toBe(bytes.length);
    expect(sha(back)).toBe(sha(bytes));
  });

  it("when the same bytes are put again, then the bucket holds them once", async () => {
    const bytes = Buffer.from("twice");
    const before = (await s3.keys("store")).length;
    const first = await store.put(Readable.from([bytes]), () => true);
    const second = await store.put(Readable.from([bytes]), () => true);
    expect(second.sha256).toBe(first.sha256);
    expect((await s3.keys("store")).length).toBe(before + 1);
  });

  it("when accept refuses the bytes (null, or its own error), then it throws and nothing reaches the bucket or stays on disk", async () => {
    const before = await s3.keys("store");
    await expect(store.put(Readable.from([Buffer.from("not an image")]), () => null)).rejects.toBeInstanceOf(FileRefusedError);
    const own = new Error("image too small");
    await expect(
      store.put(Readable.from([Buffer.from("tiny")]), () => {
        throw own;
      }),
    ).rejects.toBe(own);
    expect(await s3.keys("store")).toEqual(before);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("when the upload was cut short by its size limit, then FileTooLargeError and nothing is kept", async () => {
    const before = await s3.keys("store");
    const cut = Object.assign(Readable.from([Buffer.from("the first ten megabytes")]), { truncated: true });
    await expect(store.put(cut, () => true)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await s3.keys("store")).toEqual(before);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("when the upload fails half-way, then its error comes through and nothing is kept", async () => {
    const before = await s3.keys("store");
    const broken = new Readable({
      read() {
        this.push(Buffer.from("some bytes"));
        this.destroy(new Error("connection reset"));
      },
    });
    await expect(store.put(broken, () => true)).rejects.toThrow("connection reset");
    expect(await s3.keys("store")).toEqual(before);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("when an object is not there, then exists answers false and get's stream fails with ENOENT, as the local store's does", async () => {
    const unknown = sha(Buffer.from("never stored"));
    expect(await store.exists(unknown)).toBe(false);
    await expect(read(store.get(unknown))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("when a reader stops after the first bytes, then the download ends without a hang", async () => {
    const bytes = Buffer.alloc(2 * 1024 * 1024, 9);
    const { sha256 } = await store.put(chunked(bytes), () => true);
    const stream = store.get(sha256);
    for await (const _ of stream) break;
    expect(stream.destroyed).toBe(true);
    // The store still answers afterwards.
    expect(await store.exists(sha256)).toBe(true);
  });

  it("when the bucket is checked, then a good one answers; a missing bucket, refused keys or a silent endpoint each say what to fix", async () => {
    await expect(store.check()).resolves.toBeUndefined();
    const missing = s3FileStore(settings("no-such-bucket"));
    await expect(missing.check()).rejects.toThrow(/^S3_BUCKET "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+$/);
    missing.close();
    // s3rver checks the access key's id (not the V4 signature made with the secret): an unknown id is refused with 403.
    const wrongKeys = s3FileStore(settings("store", { accessKeyId: "NOT-A-KEY" }));
    await expect(wrongKeys.check()).rejects.toThrow(/refuses S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY \(HTTP 403\)$/);
    // Refused keys are a failure, never "no such file".
    await expect(wrongKeys.exists(sha(Buffer.from("hello, bucket")))).rejects.toThrow();
    wrongKeys.close();
    const silent = s3FileStore(settings("store", { endpoint: `http://127.0.0.1:${await closedPort()}` }));
    await expect(silent.check()).rejects.toThrow(
      /^S3_ENDPOINT http:\/\/127\.0\.0\.1:\d+ does not answer for the bucket "store" \(ECONNREFUSED\)$/,
    );
    silent.close();
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe("the product with FILE_STORE=s3", () => {
  let t: TestApp;
  let owner: string;
  let other: string;
  const upload = (ticket: string, parts: { name: string; value: string | Buffer; filename?: string; contentType?: string }[]) =>
    t.upload<{ id: string; size: number }>(contract.system.upload.path, [{ name: "systemId", value: "71" }, ...parts], { ticket });
  const getFile = (id: string, ticket?: string) => t.app.inject({ method: "GET", url: `/files/${id}`, cookies: ticket ? { ticket } : {} });
  /** The sha256 of the bytes kept for an upload (an image's are its re-encoded bytes). */
  const keptSha = async (id: string) => (await findFile(t.db, id))?.sha256 ?? "";

  beforeAll(async () => {
    t = await createTestApp({ env: s3.env("product", "sbo") });
    owner = await t.login("demo");
    other = await t.login("demo2");
  }, 60_000);
  afterAll(() => t?.close());

  it("when the app starts on a bucket, then the demo files are in it and served from it", async () => {
    expect(t.config.files).toMatchObject({ store: "s3", bucket: "product", prefix: "sbo/" });
    const keys = await s3.keys("product");
    for (const b of demoBanners()) expect(keys).toContain(`sbo/${b.sha256.slice(0, 2)}/${b.sha256}`);
    // Nothing went to the local folder.
    expect(readdirSync(t.config.dataDir)).not.toContain("files");
    const ads = await t.call(contract.advert.selAdvertListByParam, { position: "homeBanner" }, { ticket: owner });
    const home = ads.data.find((a) => a.name === "Home banner");
    const items = await t.call(contract.advertDetail.selAdvertDetailAllListByParam, { adId: home?.id ?? "" }, { ticket: owner });
    const first = items.data[0];
    const got = await getFile(first?.image.id ?? "", owner);
    expect(got.statusCode).toBe(200);
    expect(demoBanners().map((b) => b.sha256)).toContain(sha(got.rawPayload));
  });

  it("when the bucket answers, then /readyz says the files are ready", async () => {
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready", files: "ready" });
  });

  it("when the bucket stops answering, then /readyz is 503 naming the files", async () => {
    const lost = await startS3(["gone-soon"]);
    const other = await createTestApp({ demo: false, env: lost.env("gone-soon") });
    try {
      await lost.stop();
      const ready = await other.app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: "unavailable", notReady: ["files"], database: other.database.kind, files: "unavailable" });
    } finally {
      await other.close();
    }
  });

  it("when a seller uploads an image, then it is kept in the bucket, read back through /files/:id, and refused to another organisation", async () => {
    const up = await upload(owner, [{ name: "file", filename: "pixel.png", contentType: "image/png", value: PNG }]);
    expect(up.code, up.msg).toBe(codes.OK);
    // Images are kept re-encoded without metadata (platform/files/images.ts): the bucket holds the kept bytes.
    const kept = await keptSha(up.data.id);
    expect(await s3.keys("product")).toContain(keyOf(kept));
    const mine = await getFile(up.data.id, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/png");
    expect(mine.headers.etag).toBe(`"${kept}"`);
    expect(sha(mine.rawPayload)).toBe(kept);
    // Harbor Seafood's owner: as for a file that does not exist. No session: log in first.
    const theirs = await getFile(up.data.id, other);
    expect(theirs.statusCode).toBe(404);
    expect(sha(theirs.rawPayload)).not.toBe(kept);
    expect((await getFile(up.data.id)).statusCode).toBe(401);
  });

  it("when an upload is refused (its bytes, its size), then 400 names file and the bucket is as before", async () => {
    const before = await s3.keys("product");
    const text = await upload(owner, [{ name: "file", filename: "notes.png", contentType: "image/png", value: "just words" }]);
    expect(text.status).toBe(400);
    expect(text.msg).toMatch(/^file: /);
    const big = await upload(owner, [
      { name: "file", filename: "huge.png", contentType: "image/png", value: Buffer.alloc(10 * 1024 * 1024 + 1, 1) },
    ]);
    expect(big.status).toBe(400);
    expect(big.msg).toBe("file: is larger than 10 MB");
    const small = await upload(owner, [
      { name: "minWidth", value: "100" },
      { name: "file", filename: "pixel.png", contentType: "image/png", value: bannerPng(20, 20, [1, 2, 3]) },
    ]);
    expect(small.status).toBe(400);
    expect(await s3.keys("product")).toEqual(before);
  });

  it("when a file's object is gone from the bucket, then /files/:id answers 404, as for a missing file on disk", async () => {
    const bytes = bannerPng(8, 8, [9, 9, 9]);
    const up = await upload(owner, [{ name: "file", filename: "gone.png", contentType: "image/png", value: bytes }]);
    expect(up.code, up.msg).toBe(codes.OK);
    await s3.remove("product", keyOf(await keptSha(up.data.id)));
    const res = await getFile(up.data.id, owner);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: codes.NOT_FOUND, msg: "No such file" });
  });

  it("when an advert item takes an uploaded banner, then its pixels are read from the bucket: gone from there, it is refused", async () => {
    const bytes = bannerPng(750, 300, [10, 120, 200]);
    const up = await upload(owner, [
      ...Object.entries(advertImageUpload("homeBanner")).map(([name, value]) => ({ name, value: String(value) })),
      { name: "file", filename: "banner.png", contentType: "image/png", value: bytes },
    ]);
    expect(up.code, up.msg).toBe(codes.OK);
    const ad = await t.call(contract.advert.addOrUpdAdvert, { name: "Bucket banner", position: "homeBanner" }, { ticket: owner });
    expect(ad.code, ad.msg).toBe(codes.OK);
    const link = { kind: "none" as const };
    const item = { adId: ad.data.id, title: "From S3", imageId: up.data.id, link };
    const ok = await t.call(contract.advertDetail.addAdvertDetail, item, { ticket: owner });
    expect(ok.code, ok.msg).toBe(codes.OK);
    await s3.remove("product", keyOf(await keptSha(up.data.id)));
    const lost = await t.call(contract.advertDetail.addAdvertDetail, { ...item, title: "Lost" }, { ticket: owner });
    expect(lost.status).toBe(400);
    expect(lost.msg).toMatch(/^imageId: /);
  });

  it("when a video is uploaded and added, then the review reads its bytes from the bucket and approves it; deleting the video keeps the bytes its stored file still names", async () => {
    const M = contract.media;
    const sts = await t.call(M.getUploadSts2WithExpire, {}, { ticket: owner });
    const video = tinyMp4(7);
    const up = await t.upload<OutputOf<typeof M.upload>>(
      M.upload.path,
      [
        { name: "systemId", value: "71" },
        { name: "token", value: sts.data.token },
        { name: "file", filename: "clip.mp4", contentType: "video/mp4", value: video },
      ],
      { ticket: owner },
    );
    expect(up.code, up.msg).toBe(codes.OK);
    const cover = await upload(owner, [{ name: "file", filename: "cover.png", contentType: "image/png", value: PNG }]);
    const added = await t.call(M.add, { title: "Bucket clip", coverFileId: cover.data.id, videoFileId: up.data.id }, { ticket: owner });
    expect(added.code, added.msg).toBe(codes.OK);
    // A second process's view of the same bucket, as the review job of another server would have.
    const jobStore = s3FileStore(t.config.files as S3Settings & { store: "s3" });
    try {
      await reviewPending(t.db, jobStore);
    } finally {
      jobStore.close();
    }
    const detail = await t.call(M.detail, { id: added.data.id }, { ticket: owner });
    expect(detail.data).toMatchObject({ state: "approved", durationSeconds: 7 });

    // The only deletes are of records: the stored file (which goods may name as their video) keeps its bytes.
    expect((await t.call(M.delete, { id: added.data.id }, { ticket: owner })).code).toBe(codes.OK);
    const file = await findFile(t.db, up.data.id);
    expect(file?.sha256).toBe(sha(video));
    expect(await s3.keys("product")).toContain(`sbo/${sha(video).slice(0, 2)}/${sha(video)}`);
    const got = await getFile(up.data.id, owner);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(video)).toBe(true);
  });
});
