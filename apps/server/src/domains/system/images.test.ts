import { crc32 } from "node:zlib";
import { codes, contract, type OutputOf, publicImageUrl, SYSTEM_ID } from "@sbo/contract";
import { and, eq, sql } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngOf } from "../../demo/png";
import { buyerAddress, buyerLogin, buyerPost } from "../../test/buyer-kit";
import { meOf } from "../../test/fixtures";
import { publish, simpleGoods } from "../../test/goods-kit";
import { createTestApp, type Part, type TestApp } from "../../test/harness";
import { shopAdvert, shopAdvertItem } from "../advert/advert.tables";
import { goodsSku } from "../goods/goods.tables";
import { storedFile } from "./system.tables";

/*
 * Issue 23, images: uploads are kept without metadata and with WebP renditions, and the renditions of images buyers are
 * shown (goods on shelf, adverts showing) are served to anyone; every other file stays the organisation's.
 */

let t: TestApp;
let owner: string;
let harbor: string;
let boId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  harbor = await t.login("demo2");
  boId = (await meOf(t, owner)).boId;
});
afterAll(() => t.close());

/**
 * A camera's photo: 1600 × 800 pixels as stored, EXIF saying "turn it 90° to show it" (orientation 6), the camera's
 * make and a GPS position.
 */
const photo = () =>
  sharp({ create: { width: 1600, height: 800, channels: 3, background: "#4a7" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PocketCam", Model: "PC-1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "31/1 14/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "121/1 28/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

const upload = (bytes: Buffer, opts: { ticket?: string; purpose?: string; name?: string; accept?: string } = {}) => {
  const parts: Part[] = [
    { name: "systemId", value: String(SYSTEM_ID) },
    { name: "purpose", value: opts.purpose ?? "goods" },
    ...(opts.accept ? [{ name: "accept", value: opts.accept }] : []),
    { name: "file", filename: opts.name ?? "photo.jpg", contentType: "image/jpeg", value: bytes },
  ];
  return t.upload<{ id: string; size: number; contentType: string }>(contract.system.upload.path, parts, { ticket: opts.ticket ?? owner });
};
const uploaded = async (bytes: Buffer, opts: Parameters<typeof upload>[1] = {}) => {
  const res = await upload(bytes, opts);
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data.id;
};
const get = (url: string, opts: { ticket?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: "GET", url, headers: opts.headers ?? {}, cookies: opts.ticket ? { ticket: opts.ticket } : {} });
const fileCount = async () => Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(storedFile))[0]?.n);
/** Nothing of what a camera or an editor writes: no EXIF (GPS included), XMP, IPTC or colour profile. */
const expectNoMetadata = (meta: Metadata) => {
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
};
const rowOf = async (id: string) => (await t.db.select().from(storedFile).where(eq(storedFile.id, id)))[0];

describe("an uploaded photo is kept without metadata, upright, with WebP renditions", () => {
  let id: string;
  let original: Buffer;
  beforeAll(async () => {
    original = await photo();
    id = await uploaded(original);
  });

  it("when the photo carries EXIF with a GPS position, then it is there before the upload and gone from what is kept", async () => {
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif?.includes("PocketCam")).toBe(true);
    expect(before.orientation).toBe(6);

    const got = await get(`/files/${id}`, { ticket: owner });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("image/jpeg");
    const kept = await sharp(got.rawPayload).metadata();
    expect(kept.format).toBe("jpeg");
    expectNoMetadata(kept);
    expect(got.rawPayload.includes("PocketCam")).toBe(false);
    // Turned by the orientation it carried: a browser that ignores EXIF shows it the right way up as well.
    expect([kept.width, kept.height]).toEqual([800, 1600]);
    expect((await rowOf(id))?.size).toBe(got.rawPayload.length);
  });

  it("when the list size is asked for, then a WebP of at most 400 px, without metadata; the detail size at most 1200 px", async () => {
    const list = await get(`/files/${id}?size=list`, { ticket: owner });
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-type"]).toBe("image/webp");
    expect(list.headers["cache-control"]).toBe("private, no-cache");
    const small = await sharp(list.rawPayload).metadata();
    expect(small).toMatchObject({ format: "webp", width: 200, height: 400 });
    expectNoMetadata(small);
    expect(list.rawPayload.length).toBeLessThan((await get(`/files/${id}`, { ticket: owner })).rawPayload.length);

    const detail = await get(`/files/${id}?size=detail`, { ticket: owner });
    const large = await sharp(detail.rawPayload).metadata();
    expect(large).toMatchObject({ format: "webp", width: 600, height: 1200 });
    expectNoMetadata(large);
    // Each has its own ETag: the rendition's SHA-256, recorded with the file.
    const row = await rowOf(id);
    expect(list.headers.etag).toBe(`"${row?.listSha256}"`);
    expect(detail.headers.etag).toBe(`"${row?.detailSha256}"`);
  });

  it("when an image is smaller than a rendition, then it is not enlarged", async () => {
    const tiny = await uploaded(
      pngOf(40, 20, () => [9, 9, 9]),
      { name: "dot.png" },
    );
    const list = await get(`/files/${tiny}?size=list`, { ticket: owner });
    expect(await sharp(list.rawPayload).metadata()).toMatchObject({ format: "webp", width: 40, height: 20 });
  });

  it("when the size is not list or detail, then 400 names size; another organisation gets the rendition no more than the file", async () => {
    const bad = await get(`/files/${id}?size=huge`, { ticket: owner });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^size: /);
    expect((await get(`/files/${id}?size=list`, { ticket: harbor })).statusCode).toBe(404);
    expect((await get(`/files/${id}?size=list`)).statusCode).toBe(401);
  });
});

describe("bytes that are not the image they claim to be", () => {
  it("when a file starts like a JPEG but does not decode, then 400 names file and nothing is stored", async () => {
    const before = await fileCount();
    const fake = Buffer.concat([Buffer.from("ffd8ffe000104a464946000101", "hex"), Buffer.from("<script>alert(1)</script>")]);
    const res = await upload(fake);
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ issues: [{ path: "file", reason: "file.imageUnreadable" }] });
    expect(await fileCount()).toBe(before);
  });

  it("when a photo is cut short, then it is refused rather than kept half grey", async () => {
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#a47" } })
      .jpeg()
      .toBuffer();
    const res = await upload(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ issues: [{ path: "file", reason: "file.imageUnreadable" }] });
  });

  it("when an image declares more pixels than may be decoded, then 400 names file with the limit, before decoding it", async () => {
    // A PNG whose header says 10 000 × 10 000 (100 megapixels): refused from its header, never decoded.
    const png = pngOf(1, 1, () => [1, 2, 3]);
    png.writeUInt32BE(10_000, 16);
    png.writeUInt32BE(10_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
    const res = await upload(png, { name: "huge.png" });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ issues: [{ path: "file", reason: "file.imageTooManyPixels", params: { megapixels: 50 } }] });
  });
});

describe("public renditions: images of goods on shelf and of adverts showing, to anyone", () => {
  let onShelfImage: string;
  let goodsId: string;
  let draftImage: string;
  beforeAll(async () => {
    onShelfImage = await uploaded(await photo());
    goodsId = await publish(t, owner, simpleGoods(onShelfImage, "Orchard apples (public image)"), true);
    draftImage = await uploaded(await photo(), { name: "draft.jpg" });
    await publish(t, owner, simpleGoods(draftImage, "Pears (draft)"));
  });

  /** What every refusal looks like: the same 404, not cached, telling nothing about the file. */
  const expectRefused = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(404);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers.etag).toBeUndefined();
    expect(res.json()).toMatchObject({ code: codes.NOT_FOUND, msg: "No such file", data: null });
    return res.body;
  };

  it("when someone not logged in asks for an on-shelf goods image, then its WebP comes, cacheable, with the ETag", async () => {
    const res = await get(publicImageUrl(onShelfImage, "list"));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=600");
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.headers["set-cookie"]).toBeUndefined();
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expectNoMetadata(meta);
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(400);
    expect(res.headers.etag).toBe(`"${(await rowOf(onShelfImage))?.listSha256}"`);

    const again = await get(publicImageUrl(onShelfImage, "list"), { headers: { "if-none-match": String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // The detail size too (and without a size: the detail one); the upload itself never.
    const detail = await get(publicImageUrl(onShelfImage, "detail"));
    expect((await sharp(detail.rawPayload).metadata()).height).toBe(1200);
    expect((await get(`/files/public/${onShelfImage}`)).headers.etag).toBe(detail.headers.etag);
    expect((await get(`/files/public/${onShelfImage}?size=original`)).statusCode).toBe(400);
  });

  it("when a buyer previews an order of those goods, then each line names its image by the public URL, which loads logged out", async () => {
    const phone = "13900000123";
    const buyer = await buyerLogin(t, phone);
    const addressId = await buyerAddress(t, buyer, phone);
    const [sku] = await t.db.select({ id: goodsSku.id }).from(goodsSku).where(eq(goodsSku.goodsId, goodsId));
    if (!sku) throw new Error("no SKU");
    const saved = await buyerPost(t, contract.buyer.saveCartItem.path, { skuId: sku.id, quantity: 1 }, { ticket: buyer });
    expect(saved.code, saved.msg).toBe(codes.OK);
    const preview = await buyerPost<OutputOf<typeof contract.buyer.previewOrder>>(
      t,
      contract.buyer.previewOrder.path,
      { addressId },
      { ticket: buyer },
    );
    expect(preview.code, preview.msg).toBe(codes.OK);
    const line = preview.data.shops.flatMap((shop) => shop.lines).find((l) => l.goodsId === goodsId);
    expect(line).toMatchObject({ image: onShelfImage, imageUrl: `/files/public/${onShelfImage}?size=list` });
    const loaded = await get(String(line?.imageUrl));
    expect(loaded.statusCode).toBe(200);
    expect(loaded.headers["content-type"]).toBe("image/webp");
  });

  it("when the image belongs to goods that are not on shelf, another seller's private file or a record's attachment, then 404 alike", async () => {
    const bodies = new Set<string>();
    bodies.add(await expectRefused(publicImageUrl(draftImage, "list")));
    // The same bytes as the on-shelf image, uploaded by another seller as an ID card: the record decides, not the bytes.
    const idCard = await uploaded(await photo(), { ticket: harbor, purpose: "idCard", name: "id.jpg" });
    bodies.add(await expectRefused(publicImageUrl(idCard, "list")));
    // Invoices and after-sales' attachments: an image and a PDF of the organisation, on no goods or advert.
    const invoiceImage = await uploaded(await photo(), { purpose: "invoice", name: "invoice.jpg" });
    bodies.add(await expectRefused(publicImageUrl(invoiceImage, "detail")));
    const pdf = await upload(Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"), { purpose: "invoice", name: "i.pdf" });
    expect(pdf.code, pdf.msg).toBe(codes.OK);
    bodies.add(await expectRefused(publicImageUrl(pdf.data.id, "list")));
    bodies.add(await expectRefused(`/files/public/${pdf.data.id}`));
    // Ids that do not exist, or are no ids at all.
    bodies.add(await expectRefused(publicImageUrl("01ARZ3NDEKTSV4RRFFQ69G5FAV", "list")));
    bodies.add(await expectRefused("/files/public/..%2F..%2Fetc%2Fpasswd"));
    expect(bodies.size).toBe(1);
    // Still the owner's through the private path, exactly as before.
    expect((await get(`/files/${invoiceImage}`, { ticket: owner })).statusCode).toBe(200);
    expect((await get(`/files/${idCard}`, { ticket: owner })).statusCode).toBe(404);
  });

  it("when the goods go off shelf, then their image is no longer public; back on shelf, it is again", async () => {
    const off = await t.call(contract.goods.updStatusOut, { id: goodsId }, { ticket: owner });
    expect(off.code, off.msg).toBe(codes.OK);
    await expectRefused(publicImageUrl(onShelfImage, "list"));
    const on = await t.call(contract.goods.updStatusOn, { id: goodsId }, { ticket: owner });
    expect(on.code, on.msg).toBe(codes.OK);
    expect((await get(publicImageUrl(onShelfImage, "list"))).statusCode).toBe(200);
  });

  it("when an on-shelf image's bytes are missing from the store, then 404 like any other, not an error", async () => {
    const [row] = await t.db
      .insert(storedFile)
      .values({ boId, memberId: "lost", name: "lost.png", contentType: "image/png", size: 68, sha256: "0".repeat(64), purpose: "goods" })
      .returning({ id: storedFile.id });
    if (!row) throw new Error("insert returned nothing");
    await publish(t, owner, simpleGoods(row.id, "Plums (image lost)"), true);
    await expectRefused(publicImageUrl(row.id, "list"));
  });

  it("when an advert shows, then its image is public (renditions made on first request for images kept before); switched off, not", async () => {
    const [showing] = await t.db
      .select({ adId: shopAdvert.id, name: shopAdvert.name, position: shopAdvert.position, image: shopAdvertItem.imageFileId })
      .from(shopAdvertItem)
      .innerJoin(shopAdvert, eq(shopAdvert.id, shopAdvertItem.adId))
      .where(and(eq(shopAdvert.boId, boId), eq(shopAdvert.enabled, true), eq(shopAdvertItem.enabled, true)))
      .limit(1);
    if (!showing) throw new Error("the demo seller has no advert showing");
    // The demo's banners were filed without renditions, as files uploaded before this change were.
    expect((await rowOf(showing.image))?.listSha256).toBeNull();

    const res = await get(publicImageUrl(showing.image, "list"));
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).format).toBe("webp");
    const row = await rowOf(showing.image);
    expect(row?.listSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(res.headers.etag).toBe(`"${row?.listSha256}"`);

    const off = await t.call(
      contract.advert.addOrUpdAdvert,
      { id: showing.adId, name: showing.name, position: showing.position as "homeBanner", enabled: false },
      { ticket: owner },
    );
    expect(off.code, off.msg).toBe(codes.OK);
    await expectRefused(publicImageUrl(showing.image, "list"));
  });
});
