import { basename } from "node:path";
import { Readable } from "node:stream";
import {
  CONTROL_CHARACTER,
  type contract,
  fileRefusals,
  generalUploadKinds,
  type OutputOf,
  type ParsedInputOf,
  platformRefusals,
} from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import { type FileEnds, HEAD_BYTES, imageSize, type Sniffed, sniff, TAIL_BYTES } from "../../platform/files/content-type";
import { FileRefusedError, type FileStore, FileTooLargeError } from "../../platform/files/file-store";
import {
  cleanImage,
  ImageTooManyPixelsError,
  ImageUnreadableError,
  MAX_INPUT_PIXELS,
  type RenditionSize,
  renditionsOfStored,
} from "../../platform/files/images";
import type { Upload } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound } from "../../platform/http/errors";
import { pageOf } from "../../platform/http/paging";
import * as repo from "./system.repository";
import type { storedFile, sysVersion } from "./system.tables";

export { findFile } from "./system.repository";

type Sy = typeof contract.system;
type Se = typeof contract.session;

const PRODUCT = { name: "商家后台", nameEn: "Seller Back Office", supportPhone: "400-800-7100", supportEmail: "support@example.com" };

/** A release's download link: the configured URL with `{version}` replaced by the release's version. */
export const downloadUrlOf = (template: string | undefined, version: string): string | null =>
  template ? template.replaceAll("{version}", encodeURIComponent(version)) : null;

const versionOut = (ctx: Ctx, v: typeof sysVersion.$inferSelect) => ({
  id: v.id,
  version: v.version,
  title: v.title,
  notes: v.notes,
  releasedAt: v.releasedAt.toISOString(),
  downloadUrl: downloadUrlOf(ctx.config.appDownloadUrl, v.version),
});

export function createSystemService(deps: { files: FileStore; version: string }) {
  return {
    async getHistoryVersion(input: ParsedInputOf<Se["getHistoryVersion"]>, ctx: Ctx): Promise<OutputOf<Se["getHistoryVersion"]>> {
      return pageOf(ctx.db, input, repo.versionCount, async (limit, offset) =>
        (await repo.pageVersions(ctx.db, limit, offset)).map((v) => versionOut(ctx, v)),
      );
    },

    async selLatestVersionInfo(_input: unknown, ctx: Ctx): Promise<OutputOf<Se["selLatestVersionInfo"]>> {
      const row = await repo.latestVersion(ctx.db);
      return row ? versionOut(ctx, row) : null;
    },

    async platformInfo(_input: unknown, ctx: Ctx): Promise<OutputOf<Se["platformInfo"]>> {
      return {
        ...PRODUCT,
        version: deps.version,
        serverTime: new Date().toISOString(),
        smsLoginEnabled: true,
        mapTileUrl: ctx.config.mapTileUrl,
      };
    },

    async getWebContentByCode(input: ParsedInputOf<Se["getWebContentByCode"]>, ctx: Ctx): Promise<OutputOf<Se["getWebContentByCode"]>> {
      const rows = await repo.webContentsByCode(ctx.db, input.code);
      const row = rows.find((r) => r.lang === input.lang) ?? rows.find((r) => r.lang === "zh") ?? rows[0];
      if (!row) throw notFound(platformRefusals.textNotFound);
      return { code: row.code, type: row.type, title: row.title, content: row.content, updatedAt: row.updatedAt.toISOString() };
    },

    async upload(input: ParsedInputOf<Sy["upload"]> & Upload, ctx: Ctx): Promise<OutputOf<Sy["upload"]>> {
      const me = ctx.me();
      // Never a video here, whatever its name or declared type: the bytes decide (media's upload takes videos).
      const config = { ...input, accept: input.accept ?? generalUploadKinds.join(",") };
      const kept = await storeUpload(ctx.db, deps.files, input.file, config, { boId: me.boId, memberId: me.memberId }, input.purpose);
      return { ...kept, url: `/files/${kept.id}` };
    },
  };
}

/**
 * Keeps an uploaded file that fits `config` and records whose it is and what for: the type is what the bytes are,
 * whatever the client declared, and bytes refused (type, size, pixels) are not kept. An image is kept decoded,
 * upright and without metadata, with its list and detail renditions (platform/files/images.ts). The seller's upload
 * call and the buyer's image uploads (payment vouchers, after-sales) all store files this way.
 */
export async function storeUpload(
  db: Executor,
  files: FileStore,
  file: Upload["file"],
  config: UploadConfig,
  owner: { boId: string | null; memberId: string },
  purpose: string,
): Promise<{ id: string; name: string; size: number; contentType: string }> {
  const tooLarge = () =>
    config.maxKb ? badField("file", fileRefusals.largerThan, { kb: config.maxKb }) : badField("file", fileRefusals.tooLarge);
  const refused = (err: unknown) => {
    if (err instanceof FileTooLargeError) throw tooLarge();
    if (err instanceof FileRefusedError) throw badField("file", fileRefusals.typeNotAccepted);
    if (err instanceof ImageTooManyPixelsError)
      throw badField("file", fileRefusals.imageTooManyPixels, { megapixels: MAX_INPUT_PIXELS / 1_000_000 });
    if (err instanceof ImageUnreadableError) throw badField("file", fileRefusals.imageUnreadable);
    throw err;
  };
  // Uploads that may be images are read whole (at most the call's upload limit, 10 MB) so that an image's bytes as
  // uploaded — GPS position and all — never reach the file store; the rest stream to it as they come (videos: 50 MB).
  const mayBeImage = !config.accept || config.accept.split(",").includes("image");
  let stored: { sha256: string; size: number; contentType: string; renditions: Renditions };
  if (mayBeImage) {
    const bytes = await readWhole(file.file).catch(refused);
    const sniffed = (() => {
      try {
        return fitsConfig({ head: bytes.subarray(0, HEAD_BYTES), tail: bytes.subarray(-TAIL_BYTES), size: bytes.length }, config);
      } catch (err) {
        return refused(err);
      }
    })();
    if (!sniffed) throw badField("file", fileRefusals.typeNotAccepted);
    stored = sniffed.contentType.startsWith("image/")
      ? await keepImage(files, bytes, sniffed.contentType).catch(refused)
      : { ...(await files.put(Readable.from([bytes]), () => true)), contentType: sniffed.contentType, renditions: noRenditions };
  } else {
    const put = await files.put(file.file, (ends) => fitsConfig(ends, config)).catch(refused);
    stored = { ...put, contentType: put.accepted.contentType, renditions: noRenditions };
  }
  const name = storedName(file.filename);
  const row = await repo.insertStoredFile(db, {
    boId: owner.boId,
    memberId: owner.memberId,
    name,
    contentType: stored.contentType,
    size: stored.size,
    sha256: stored.sha256,
    purpose,
    ...stored.renditions,
  });
  return { id: row.id, name, size: stored.size, contentType: stored.contentType };
}

type Renditions = { listSha256: string | null; detailSha256: string | null };
const noRenditions: Renditions = { listSha256: null, detailSha256: null };

/** All of an upload's bytes; cut off by the upload limit (busboy marks the stream truncated): FileTooLargeError. */
async function readWhole(stream: Upload["file"]["file"]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  if ((stream as { truncated?: boolean }).truncated) throw new FileTooLargeError();
  return Buffer.concat(chunks);
}

/** An image kept as cleanImage makes it (upright, no metadata), and its renditions. */
async function keepImage(files: FileStore, bytes: Buffer, contentType: string) {
  const image = await cleanImage(bytes, contentType);
  const put = (b: Buffer) => files.put(Readable.from([b]), () => true);
  const [original, list, detail] = await Promise.all([put(image.bytes), put(image.renditions.list), put(image.renditions.detail)]);
  return {
    sha256: original.sha256,
    size: original.size,
    contentType,
    renditions: { listSha256: list.sha256, detailSha256: detail.sha256 },
  };
}

/**
 * The SHA-256 of a stored image's rendition: recorded at upload, or made now from the bytes as stored (an image kept
 * before renditions were made, or filed by a path that made none) and recorded for the next time. Null when the
 * file is no image, or its bytes are missing or do not decode.
 */
export async function renditionOf(
  db: Executor,
  files: FileStore,
  row: typeof storedFile.$inferSelect,
  size: RenditionSize,
): Promise<string | null> {
  if (!row.contentType.startsWith("image/")) return null;
  const recorded = size === "list" ? row.listSha256 : row.detailSha256;
  if (recorded) return recorded;
  if (!(await files.exists(row.sha256))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of files.get(row.sha256)) chunks.push(chunk as Buffer);
  const made = await renditionsOfStored(Buffer.concat(chunks)).catch((err: unknown) => {
    if (err instanceof ImageUnreadableError || err instanceof ImageTooManyPixelsError) return null;
    throw err;
  });
  if (!made) return null;
  const put = (b: Buffer) => files.put(Readable.from([b]), () => true);
  const [list, detail] = await Promise.all([put(made.list), put(made.detail)]);
  await repo.setRenditions(db, row.id, { listSha256: list.sha256, detailSha256: detail.sha256 });
  return size === "list" ? list.sha256 : detail.sha256;
}

export type UploadConfig = Omit<ParsedInputOf<Sy["upload"]>, "purpose">;
const kindOf = (contentType: string) =>
  contentType.startsWith("image/")
    ? "image"
    : contentType === "application/pdf"
      ? "pdf"
      : contentType.startsWith("video/")
        ? "video"
        : "xlsx";

/**
 * What the bytes are, when they are what the upload's config asks of this field: its kinds, its size, an image's
 * pixels. A refusal names the field `file` and says what is wrong in the seller's words; the bytes are not kept.
 */
export function fitsConfig(ends: FileEnds & { size: number }, config: UploadConfig): Sniffed | null {
  const sniffed = sniff(ends);
  if (!sniffed) return null;
  if (config.maxKb !== undefined && ends.size > config.maxKb * 1024) throw badField("file", fileRefusals.largerThan, { kb: config.maxKb });
  const kind = kindOf(sniffed.contentType);
  if (config.accept && !config.accept.split(",").includes(kind)) throw badField("file", fileRefusals.kindNotAccepted);
  const limited = [config.minWidth, config.minHeight, config.maxWidth, config.maxHeight].some((v) => v !== undefined);
  if (!limited) return sniffed;
  if (kind !== "image") throw badField("file", fileRefusals.kindNotAccepted);
  const pixels = imageSize(ends.head, sniffed.contentType);
  if (!pixels) throw badField("file", fileRefusals.imageSizeUnknown);
  const { minWidth = 1, minHeight = 1, maxWidth = 20_000, maxHeight = 20_000 } = config;
  if (pixels.width < minWidth || pixels.height < minHeight)
    throw badField("file", fileRefusals.imageTooSmall, { ...pixels, minWidth, minHeight });
  if (pixels.width > maxWidth || pixels.height > maxHeight)
    throw badField("file", fileRefusals.imageTooLarge, { ...pixels, maxWidth, maxHeight });
  return sniffed;
}

/**
 * Keeps bytes the server made (an import's report sheet) as a file of the organisation, like an upload: other domains
 * hand in the file store they were given. Answers its id, URL and name.
 */
export async function storeGeneratedFile(
  db: Executor,
  files: FileStore,
  f: { boId: string; memberId: string; name: string; contentType: string; bytes: Buffer; purpose: string },
): Promise<{ id: string; url: string; name: string }> {
  const stored = await files.put(Readable.from([f.bytes]), () => true);
  const row = await repo.insertStoredFile(db, {
    boId: f.boId,
    memberId: f.memberId,
    name: f.name,
    contentType: f.contentType,
    size: stored.size,
    sha256: stored.sha256,
    purpose: f.purpose,
  });
  return { id: row.id, url: `/files/${row.id}`, name: row.name };
}

/** The name to keep: its last path part, without control characters, at most 200 characters. */
export const storedName = (filename: string) =>
  basename(filename.replace(/\\/g, "/")).replace(new RegExp(CONTROL_CHARACTER.source, "g"), "").slice(0, 200) || "file";

/** A stored file as `fileUnder` copies it. */
export interface StoredBytes {
  memberId: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * The same bytes filed under an organisation, so that its staff may open what a buyer uploaded (a payment voucher, an
 * after-sale's or an evaluation's images); the buyer's own file stays theirs. One insert; the copies' ids in order.
 */
export async function fileUnder(db: Executor, boId: string, files: StoredBytes[], purpose: string): Promise<string[]> {
  if (files.length === 0) return [];
  return repo.insertStoredFiles(
    db,
    files.map((f) => ({ boId, memberId: f.memberId, name: f.name, contentType: f.contentType, size: f.size, sha256: f.sha256, purpose })),
  );
}
