import { type Dirent, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { codes, contract, SYSTEM_ID } from "@sbo/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngOf } from "../../demo/png";
import { meOf, UNKNOWN_TICKET } from "../../test/fixtures";
import { createTestApp, type Part, type TestApp } from "../../test/harness";
import { demoOwnerApp } from "../../test/sheet-kit";
import { storedFile } from "./system.tables";

let t: TestApp;
let owner: string;
let boId: string;
beforeAll(async () => {
  ({ t, owner, boId } = await demoOwnerApp());
});
afterAll(() => t.close());

describe("versions", () => {
  it("when the history is asked for, then releases come newest first with the paging echoed", async () => {
    const res = await t.call(contract.session.getHistoryVersion, {});
    expect(res.code).toBe(codes.OK);
    expect(res.data.list.map((v) => v.version)).toEqual(["1.0.0", "0.9.0"]);
    expect(res.data).toMatchObject({ total: 2, pageNum: 1, pageSize: 20 });
  });

  it("when the second page of one is asked for, then it holds the older release", async () => {
    const res = await t.call(contract.session.getHistoryVersion, { pageNum: 2, pageSize: 1 });
    expect(res.data.list.map((v) => v.version)).toEqual(["0.9.0"]);
    expect(res.data.total).toBe(2);
  });

  it("when pageSize is 0 or pageNum not an integer, then 400 names the field", async () => {
    const size = await t.call(contract.session.getHistoryVersion, { pageSize: 0 });
    expect(size.status).toBe(400);
    expect(size.msg).toMatch(/^pageSize: /);
    const num = await t.post(contract.session.getHistoryVersion.path, { pageNum: "first" });
    expect(num.status).toBe(400);
    expect(num.msg).toMatch(/^pageNum: /);
  });

  it("when the latest release is asked for, then it is 1.0.0 with its date", async () => {
    const res = await t.call(contract.session.selLatestVersionInfo, {});
    expect(res.data).toMatchObject({ version: "1.0.0", title: "Platform", releasedAt: "2026-11-20T02:00:00.000Z" });
  });

  it("when selLatestVersionInfo gets an unknown field, then 400 names it", async () => {
    const res = await t.post(contract.session.selLatestVersionInfo.path, { version: "1" });
    expect(res.status).toBe(400);
    expect(res.msg).toContain("version");
  });
});

describe("download links", () => {
  it("when no APP_DOWNLOAD_URL is configured, then releases carry no link", async () => {
    const res = await t.call(contract.session.selLatestVersionInfo, {});
    expect(res.data?.downloadUrl).toBeNull();
  });

  it("when APP_DOWNLOAD_URL holds {version}, then each release carries its own link", async () => {
    const linked = await createTestApp({ env: { APP_DOWNLOAD_URL: "https://dl.example.com/sbo/{version}/seller.apk" } });
    try {
      const latest = await linked.call(contract.session.selLatestVersionInfo, {});
      expect(latest.data?.downloadUrl).toBe("https://dl.example.com/sbo/1.0.0/seller.apk");
      const history = await linked.call(contract.session.getHistoryVersion, {});
      expect(history.data.list.map((v) => [v.version, v.downloadUrl])).toEqual([
        ["1.0.0", "https://dl.example.com/sbo/1.0.0/seller.apk"],
        ["0.9.0", "https://dl.example.com/sbo/0.9.0/seller.apk"],
      ]);
    } finally {
      await linked.close();
    }
  });
});

describe("platformInfo", () => {
  it("when anyone asks, then the name, support contacts, version, map tiles and server time come back", async () => {
    const res = await t.call(contract.session.platformInfo, {});
    expect(res.data).toMatchObject({
      name: "商家后台",
      nameEn: "Seller Back Office",
      version: "1.0.0",
      smsLoginEnabled: true,
      mapTileUrl: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png",
    });
    expect(Math.abs(new Date(res.data.serverTime).getTime() - Date.now())).toBeLessThan(10_000);
  });

  it("when platformInfo gets an unknown field, then 400 names it", async () => {
    const res = await t.post(contract.session.platformInfo.path, { lang: "en" });
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ issues: [{ path: "lang", message: "is not a known field", reason: "field.unknown" }] });
  });
});

describe("getWebContentByCode", () => {
  it("when the English agreement is asked for, then the English text comes back", async () => {
    const res = await t.call(contract.session.getWebContentByCode, { code: "user-agreement", lang: "en" });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toMatchObject({ code: "user-agreement", type: "user", title: "Seller service agreement" });
    expect(res.data.content.length).toBeGreaterThan(50);
  });

  it("when no language is given, then the Chinese text comes back", async () => {
    const res = await t.call(contract.session.getWebContentByCode, { code: "privacy-policy" });
    expect(res.data.title).toBe("隐私政策");
    const zh = await t.call(contract.session.getWebContentByCode, { code: "user-agreement", lang: "zh" });
    expect(zh.data.title).toBe("商家服务协议");
  });

  it("when the code is unknown, then 000004", async () => {
    const res = await t.call(contract.session.getWebContentByCode, { code: "no-such-text" });
    expect(res.code).toBe(codes.NOT_FOUND);
    expect(res.data).toBeNull();
  });

  it("when the language is not en or zh, then 400 names lang", async () => {
    const res = await t.post(contract.session.getWebContentByCode.path, { code: "user-agreement", lang: "fr" });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^lang: /);
  });
});

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
// Real images: uploads are decoded before they are kept (issue 23), so bytes that only start like one are refused.
const solid = (format: "jpeg" | "gif" | "webp") =>
  sharp({ create: { width: 2, height: 2, channels: 3, background: "#2a8" } })
    .toFormat(format)
    .toBuffer();
const JPEG = await solid("jpeg");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const GIF = await solid("gif");
const WEBP = await solid("webp");

// A 1×1 PNG.
const PNG = pngOf(1, 1, () => [40, 160, 80]);

const upload = (parts: Part[], opts: { ticket?: string; headers?: Record<string, string> } = {}) =>
  t.upload(contract.system.upload.path, parts, opts);

/** Every file in the store (tmp included), by path. */
const blobsOnDisk = () =>
  (existsSync(join(t.config.dataDir, "files"))
    ? (readdirSync(join(t.config.dataDir, "files"), { recursive: true, withFileTypes: true }) as Dirent[])
    : []
  )
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .sort();
const fileCount = async () => (await t.db.select().from(storedFile)).length;
const systemIdPart: Part = { name: "systemId", value: String(SYSTEM_ID) };

/** A PNG of `width` × `height` pixels. */
const sized = (width: number, height: number) => pngOf(width, height, () => [200, 120, 40]);

describe("the upload's config: folder, kinds, size and pixels", () => {
  const image = (value: Buffer, name = "photo.png") => ({ name: "file", filename: name, contentType: "image/png", value });
  const field = (name: string, value: string): Part => ({ name, value });

  it("when a goods image is large enough, then it is stored under the goods folder", async () => {
    const res = await upload(
      [
        systemIdPart,
        field("purpose", "goods"),
        field("accept", "image"),
        field("minWidth", "480"),
        field("minHeight", "480"),
        image(sized(800, 800)),
      ],
      { ticket: owner },
    );
    expect(res.code).toBe(codes.OK);
    const [row] = await t.db
      .select()
      .from(storedFile)
      .where(eq(storedFile.id, String(res.data.id)));
    expect(row?.purpose).toBe("goods");
  });

  it.each([
    [
      "too small",
      [field("minWidth", "480"), field("minHeight", "480")],
      sized(300, 900),
      "file.imageTooSmall",
      { width: 300, height: 900, minWidth: 480, minHeight: 480 },
    ],
    [
      "too large",
      [field("maxWidth", "4096"), field("maxHeight", "4096")],
      sized(5000, 100),
      "file.imageTooLarge",
      { width: 5000, height: 100, maxWidth: 4096, maxHeight: 4096 },
    ],
    ["over the size", [field("maxKb", "1")], Buffer.concat([sized(10, 10), Buffer.alloc(2048)]), "file.largerThan", { kb: 1 }],
    ["not an image where images are asked", [field("accept", "image")], PDF, "file.kindNotAccepted", undefined],
  ] as const)(
    "when the file is %s, then 400 names file with the numbers and nothing is stored",
    async (_what, config, bytes, reason, params) => {
      const before = await fileCount();
      const blobsBefore = blobsOnDisk();
      const res = await upload([systemIdPart, ...config, image(bytes)], { ticket: owner });
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ issues: [{ path: "file", reason, ...(params ? { params } : {}) }] });
      expect(await fileCount()).toBe(before);
      expect(blobsOnDisk()).toEqual(blobsBefore);
    },
  );

  it("when a field takes images or PDFs, then a PDF is taken", async () => {
    const res = await upload(
      [systemIdPart, field("accept", "image,pdf"), { name: "file", filename: "a.pdf", contentType: "application/pdf", value: PDF }],
      {
        ticket: owner,
      },
    );
    expect(res.code).toBe(codes.OK);
    expect(res.data.contentType).toBe("application/pdf");
  });

  it.each([
    ["purpose", "../etc"],
    ["accept", "image,exe"],
    ["minWidth", "wide"],
    ["maxKb", "20000"],
  ])("when %s is %s, then 400 names it and nothing is stored", async (name, value) => {
    const before = await fileCount();
    const res = await upload([systemIdPart, field(name, value), image(PNG)], { ticket: owner });
    expect(res.status).toBe(400);
    expect((res.data as { issues: Array<{ path: string }> }).issues.map((i) => i.path)).toEqual([name]);
    expect(await fileCount()).toBe(before);
  });
});

describe("videos and active content (issue 22, finding 10)", () => {
  /** The start of an MP4 (an ISO `ftyp` box) and of a WebM (EBML naming its DocType): what the sniffer reads. */
  const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(12)]);
  const WEBM = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x88, 0x42, 0x82, 0x84, ...Buffer.from("webm")]);

  it.each([
    ["an MP4 declared as a PNG", MP4, "still.png", "image/png"],
    ["an MP4 declared as a video", MP4, "clip.mp4", "video/mp4"],
    ["a WebM declared as a PDF", WEBM, "doc.pdf", "application/pdf"],
  ])("when %s comes to the general upload, then the bytes decide: 400 names file, nothing is stored", async (_what, bytes, name, type) => {
    const before = await fileCount();
    const res = await upload([systemIdPart, { name: "file", filename: name, contentType: type, value: bytes }], { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ issues: [{ path: "file", reason: "file.kindNotAccepted" }] });
    expect(await fileCount()).toBe(before);
  });

  it("when the general upload is asked to take videos, then 400 names accept (videos go through the video library's credential)", async () => {
    const before = await fileCount();
    const res = await upload(
      [systemIdPart, { name: "accept", value: "video" }, { name: "file", filename: "clip.mp4", contentType: "video/mp4", value: MP4 }],
      { ticket: owner },
    );
    expect(res.status).toBe(400);
    expect((res.data as { issues: Array<{ path: string }> }).issues.map((i) => i.path)).toEqual(["accept"]);
    expect(await fileCount()).toBe(before);
  });

  it("when a PDF carrying JavaScript is fetched, then it comes only as a download: attachment, nosniff, sandboxed", async () => {
    const active = Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction 2 0 R>>endobj\n2 0 obj<</S/JavaScript/JS(app.alert(document.cookie))>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    const up = await upload([systemIdPart, { name: "file", filename: "invoice.pdf", contentType: "application/pdf", value: active }], {
      ticket: owner,
    });
    expect(up.code, up.msg).toBe(codes.OK);
    const got = await t.app.inject({ method: "GET", url: `/files/${up.data.id}`, cookies: { ticket: owner } });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("application/pdf");
    expect(got.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''invoice.pdf");
    expect(got.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(got.headers["content-security-policy"])).toMatch(/^sandbox(;|$)/);
    // Images stay inline: the app shows them.
    const png = await upload([systemIdPart, { name: "file", filename: "p.png", contentType: "image/png", value: PNG }], { ticket: owner });
    const image = await t.app.inject({ method: "GET", url: `/files/${png.data.id}`, cookies: { ticket: owner } });
    expect(image.headers["content-disposition"]).toBeUndefined();
  });
});

describe("file upload", () => {
  it("when a PNG is uploaded, then it is stored for the organisation and GET /files/:id answers its bytes", async () => {
    const res = await upload(
      [systemIdPart, { name: "purpose", value: "logo" }, { name: "file", filename: "pixel.png", contentType: "image/png", value: PNG }],
      {
        ticket: owner,
      },
    );
    expect(res.status).toBe(200);
    expect(res.code).toBe(codes.OK);
    const id = String(res.data.id);
    expect(id).toMatch(/^[0-9A-Z]{26}$/);
    // Kept as decoded and written again without metadata (issue 23): the size is that of the bytes kept.
    const size = Number(res.data.size);
    expect(res.data).toEqual({ id, url: `/files/${id}`, name: "pixel.png", size, contentType: "image/png" });

    const [row] = await t.db.select().from(storedFile).where(eq(storedFile.id, id));
    expect(row).toMatchObject({ boId, purpose: "logo", size, contentType: "image/png" });

    const got = await t.app.inject({ method: "GET", url: `/files/${id}`, cookies: { ticket: owner } });
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("image/png");
    expect(got.headers["x-content-type-options"]).toBe("nosniff");
    expect(got.rawPayload.length).toBe(size);
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
  });

  it("when systemId comes in the system-id header instead of a form field, then the upload is accepted", async () => {
    const res = await upload([{ name: "file", filename: "pixel.png", contentType: "image/png", value: PNG }], {
      ticket: owner,
      headers: { "system-id": String(SYSTEM_ID) },
    });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toMatchObject({ name: "pixel.png" });
  });

  it("when the file name carries a path, then only its last part is kept", async () => {
    const res = await upload([systemIdPart, { name: "file", filename: "../../etc/evil.png", contentType: "image/png", value: PNG }], {
      ticket: owner,
    });
    expect(res.data.name).toBe("evil.png");
  });

  it("when the file is plain text, then 400 names file and nothing is stored", async () => {
    const before = await fileCount();
    const blobsBefore = blobsOnDisk();
    const res = await upload([systemIdPart, { name: "file", filename: "notes.txt", contentType: "text/plain", value: "hello" }], {
      ticket: owner,
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe(codes.BAD_INPUT);
    expect(res.msg).toMatch(/^file: is not an accepted kind of file/);
    expect(res.data).toMatchObject({ issues: [{ path: "file", reason: "file.typeNotAccepted" }] });
    expect(await fileCount()).toBe(before);
    expect(blobsOnDisk()).toEqual(blobsBefore);
  });

  it("when HTML is declared as a PNG, then the bytes decide: 400 names file, nothing is stored", async () => {
    const before = await fileCount();
    const blobsBefore = blobsOnDisk();
    const html = "<html><script>alert(document.cookie)</script></html>";
    const res = await upload([systemIdPart, { name: "file", filename: "pixel.png", contentType: "image/png", value: html }], {
      ticket: owner,
    });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ issues: [{ path: "file", reason: "file.typeNotAccepted" }] });
    expect(await fileCount()).toBe(before);
    expect(blobsOnDisk()).toEqual(blobsBefore);
  });

  it("when a zip that is no workbook is declared as .xlsx, then it is refused", async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("....word/document.xml....")]);
    const res = await upload([systemIdPart, { name: "file", filename: "sheet.xlsx", contentType: XLSX, value: zip }], { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ issues: [{ path: "file", reason: "file.typeNotAccepted" }] });
  });

  it.each([
    ["a PNG declared as octet-stream", "pixel.bin", "application/octet-stream", () => PNG, "image/png"],
    ["a JPEG declared as a PNG", "photo.png", "image/png", () => JPEG, "image/jpeg"],
    ["a PDF declared as an image", "licence.jpg", "image/jpeg", () => PDF, "application/pdf"],
    ["a GIF with no declared type", "anim.gif", "", () => GIF, "image/gif"],
    ["a WebP declared as text", "pic.webp", "text/plain", () => WEBP, "image/webp"],
  ])("when %s is uploaded, then it is stored and served as what its bytes are", async (_what, filename, declared, bytes, expected) => {
    const part: Part = { name: "file", filename, value: bytes(), ...(declared ? { contentType: declared } : {}) };
    const res = await upload([systemIdPart, part], { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.contentType).toBe(expected);
    const got = await t.app.inject({ method: "GET", url: String(res.data.url), cookies: { ticket: owner } });
    expect(got.headers["content-type"]).toBe(expected);
  });

  it("when an .xlsx made by the audit export is uploaded, then it is stored as a spreadsheet", async () => {
    const exported = await t.app.inject({
      method: "POST",
      url: contract.system.exportAuditLog.path,
      headers: { "content-type": "application/json", "sign-token": t.config.signToken },
      cookies: { ticket: owner },
      payload: JSON.stringify({ systemId: SYSTEM_ID }),
    });
    expect(exported.statusCode).toBe(200);
    const res = await upload(
      [systemIdPart, { name: "file", filename: "log.xlsx", contentType: "application/zip", value: exported.rawPayload }],
      {
        ticket: owner,
      },
    );
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.contentType).toBe(XLSX);
  });

  it("when the file name holds control characters, then they are dropped from the kept name", async () => {
    const res = await upload([systemIdPart, { name: "file", filename: "lic\u0001ence.png", contentType: "image/png", value: PNG }], {
      ticket: owner,
    });
    expect(res.code).toBe(codes.OK);
    expect(res.data.name).toBe("licence.png");
  });

  it("when the body is JSON instead of a form, then 400 names file", async () => {
    const res = await t.post(contract.system.upload.path, { purpose: "logo" }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^file: /);
  });

  it("when the form has no file part, then 400 names file", async () => {
    const res = await upload([systemIdPart, { name: "purpose", value: "logo" }], { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg).toBe("file: is required");
  });

  it("when the form has no systemId at all, then 400 names systemId and nothing is stored", async () => {
    const before = await fileCount();
    const res = await upload([{ name: "file", filename: "pixel.png", contentType: "image/png", value: PNG }], { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^systemId: /);
    expect(await fileCount()).toBe(before);
  });

  it("when the form has an unknown field or a too-long purpose, then 400 names it and nothing is stored", async () => {
    const before = await fileCount();
    const unknown = await upload(
      [systemIdPart, { name: "boId", value: "x" }, { name: "file", filename: "p.png", contentType: "image/png", value: PNG }],
      {
        ticket: owner,
      },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual({ issues: [{ path: "boId", message: "is not a known field", reason: "field.unknown" }] });
    const long = await upload(
      [systemIdPart, { name: "purpose", value: "x".repeat(33) }, { name: "file", filename: "p.png", contentType: "image/png", value: PNG }],
      {
        ticket: owner,
      },
    );
    expect(long.status).toBe(400);
    expect(long.msg).toMatch(/^purpose: /);
    expect(await fileCount()).toBe(before);
  });

  it("when the file is over 10 MB, then it is refused and nothing is stored", async () => {
    const before = await fileCount();
    const blobsBefore = blobsOnDisk();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    const res = await upload([systemIdPart, { name: "file", filename: "big.png", contentType: "image/png", value: big }], {
      ticket: owner,
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe(codes.BAD_INPUT);
    expect(res.msg).toBe("file: is larger than 10 MB");
    expect(await fileCount()).toBe(before);
    // The refused bytes are not left behind on disk.
    expect(blobsOnDisk()).toEqual(blobsBefore);
  });

  it("when a file id is unknown or malformed, then GET /files/:id answers 404", async () => {
    const get = (url: string) => t.app.inject({ method: "GET", url, cookies: { ticket: owner } });
    expect((await get("/files/01ARZ3NDEKTSV4RRFFQ69G5FAV")).statusCode).toBe(404);
    expect((await get("/files/..%2F..%2Fetc%2Fpasswd")).statusCode).toBe(404);
    expect((await get("/files/01ARZ3NDEKTSV4RRFFQ69G5F%00")).statusCode).toBe(404);
  });
});

describe("who may fetch an uploaded file (item 5)", () => {
  let url: string;
  beforeAll(async () => {
    const res = await upload([systemIdPart, { name: "purpose", value: "idCard" }, { name: "file", filename: "id.png", value: PNG }], {
      ticket: owner,
    });
    url = String(res.data.url);
  });
  const get = (ticket?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers, cookies: ticket ? { ticket } : {} });

  it("when a staff member of the owning organisation asks, then the bytes come, cached privately and revalidated", async () => {
    const clerk = await t.login("demo-clerk");
    const got = await get(clerk);
    expect(got.statusCode).toBe(200);
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
    expect(got.headers["cache-control"]).toBe("private, no-cache");
    expect(got.headers["cache-control"]).not.toMatch(/public|immutable/);
  });

  it("when the browser asks again with the ETag it holds, then 304 without the bytes, still only for the organisation", async () => {
    const first = await get(owner);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await get(owner, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await get(await t.login("demo2"), { "if-none-match": etag });
    expect(other.statusCode).toBe(404);
  });

  it("when there is no session or the ticket is unknown, then 401 and no bytes", async () => {
    for (const res of [await get(), await get(UNKNOWN_TICKET)]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers["content-type"]).toMatch(/json/);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("when a seller of another organisation asks, then 404, as for a file that does not exist", async () => {
    const harbor = await t.login("demo2");
    const res = await get(harbor);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("PNG");
  });

  it("when a member of both switches to the other organisation, then the file is no longer theirs to see", async () => {
    // demo2 is staff at Green Valley: as that identity the file is theirs, as Harbor's owner it is not.
    const demo2 = await t.login("demo2");
    const me = await meOf(t, demo2);
    const greenValley = me.organizations.find((o) => o.boId === boId);
    expect(greenValley).toBeDefined();
    const switched = await t.call(contract.session.switchIdentity, { boId }, { ticket: demo2 });
    expect(switched.code, switched.msg).toBe(codes.OK);
    const ticket = switched.cookies.ticket ?? demo2;
    expect((await get(ticket)).statusCode).toBe(200);
  });
});

describe("health", () => {
  it("when the server is up, then /healthz and /readyz say so", async () => {
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready" });
  });
});
