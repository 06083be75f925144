import { codes, contract, fieldRefusals, type ImageSize, imageSizes } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { Executor } from "../../platform/db/client";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import type { Session } from "../../platform/http/context";
import { failure } from "../../platform/http/envelope";
import { AppError, badField } from "../../platform/http/errors";
import { createAttachmentService, type RecordOwners } from "./attachment.service";
import type { AuditPeople } from "./audit.port";
import { createAuditService } from "./audit.service";
import { type createSystemService, findFile, renditionOf } from "./system.service";

/**
 * Whether a file is an image of something buyers are shown (goods on shelf, a live advert), asked of the domains that
 * own those records: such an image's renditions are served to anyone (`/files/public/:id`).
 */
export type PublicImages = ((db: Executor, fileId: string) => Promise<boolean>)[];

/** How long a browser or a CDN may keep a public rendition before asking again (it revalidates by ETag after). */
export const PUBLIC_IMAGE_MAX_AGE_SECONDS = 600;

const FILE_ID = /^[0-9A-Z]{26}$/;

/** The `size` query parameter: absent, or one of imageSizes (anything else is bad input naming `size`). */
function sizeOf(query: unknown): ImageSize | undefined {
  const size = (query as { size?: unknown }).size;
  if (size === undefined) return undefined;
  if (typeof size === "string" && (imageSizes as readonly string[]).includes(size)) return size as ImageSize;
  throw badField("size", fieldRefusals.invalid);
}

export function systemRoutes(
  app: FastifyInstance,
  platform: Platform,
  system: ReturnType<typeof createSystemService>,
  files: FileStore,
  owners: RecordOwners,
  publicImages: PublicImages,
  auditPeople: AuditPeople,
) {
  bindDomain(app, platform, contract.system, {
    ...createAuditService(platform.auditWords, auditPeople),
    upload: system.upload,
    ...createAttachmentService(owners),
  });

  // Uploaded files by id, to a session of the organisation that owns the file only (ID cards and licences go through
  // here). The browser may keep the bytes (`private`) but asks again every time (`no-cache`), so a session that ended
  // or an organisation switched away from sees nothing; the ETag spares the bytes when nothing changed. `?size=list`
  // or `detail`: an image's WebP rendition (other files are served as they are).
  app.get<{ Params: { id: string } }>("/files/:id", { schema: { hide: true } }, async (req, reply) => {
    const noFile = () => reply.code(404).send(failure(codes.NOT_FOUND, "No such file"));
    const size = sizeOf(req.query);
    let session: Session | null;
    try {
      session = (await platform.sessions.resolve(req, false, reply)).session;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return reply.code(401).send(failure(err.code, err.message));
    }
    if (!session) return reply.code(401).send(failure(codes.NOT_LOGGED_IN, "Please log in"));
    const row = FILE_ID.test(req.params.id) ? await findFile(platform.db, req.params.id) : undefined;
    if (!row || !ownsFile(session, row) || !(await files.exists(row.sha256))) return noFile();
    // An image whose bytes do not decode (kept before uploads were decoded) has no rendition: its owner gets it whole.
    const rendition = size ? await renditionOf(platform.db, files, row, size) : null;
    const sha256 = rendition ?? row.sha256;
    const etag = `"${sha256}"`;
    reply.header("cache-control", "private, no-cache");
    reply.header("etag", etag);
    reply.header("vary", "Cookie");
    if (req.headers["if-none-match"] === etag) return reply.code(304).send();
    reply.header("content-type", rendition ? "image/webp" : row.contentType);
    reply.header("x-content-type-options", "nosniff");
    // Images and videos are shown by the app (<img>, <video>). Anything else — a PDF may carry JavaScript — is only
    // ever downloaded, never rendered at this origin, and sandboxed should a browser render it all the same.
    if (!row.contentType.startsWith("image/") && !row.contentType.startsWith("video/")) {
      reply.header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(row.name)}`);
      reply.header("content-security-policy", "sandbox; default-src 'none'");
    }
    return reply.send(files.get(sha256));
  });

  // An image's rendition to anyone, logged in or not, while it shows on something buyers see (goods on shelf, a live
  // advert: the PublicImages port). Only renditions (made without metadata), never the upload itself. Everything
  // else — another file, an image of goods off shelf, an id that does not exist — is the same 404, so the answer
  // tells nothing about the files that are not public. Cacheable by browsers and CDNs for a while; the ETag (the
  // rendition's SHA-256) lets them revalidate without the bytes.
  app.get<{ Params: { id: string } }>("/files/public/:id", { schema: { hide: true } }, async (req, reply) => {
    const size = sizeOf(req.query) ?? "detail";
    const row = FILE_ID.test(req.params.id) ? await findFile(platform.db, req.params.id) : undefined;
    const shown = row?.contentType.startsWith("image/") && (await isPublic(platform.db, publicImages, row.id));
    const rendition = row && shown ? await renditionOf(platform.db, files, row, size) : null;
    if (!rendition || !(await files.exists(rendition))) {
      reply.header("cache-control", "no-store");
      return reply.code(404).send(failure(codes.NOT_FOUND, "No such file"));
    }
    const etag = `"${rendition}"`;
    reply.header("cache-control", `public, max-age=${PUBLIC_IMAGE_MAX_AGE_SECONDS}`);
    reply.header("etag", etag);
    // A buyer's app or another site may show it (helmet's default keeps resources to this origin).
    reply.header("cross-origin-resource-policy", "cross-origin");
    if (req.headers["if-none-match"] === etag) return reply.code(304).send();
    reply.header("content-type", "image/webp");
    reply.header("x-content-type-options", "nosniff");
    return reply.send(files.get(rendition));
  });
}

async function isPublic(db: Executor, publicImages: PublicImages, fileId: string): Promise<boolean> {
  for (const shows of publicImages) if (await shows(db, fileId)) return true;
  return false;
}

/** A file belongs to the organisation it was uploaded in (a file from before organisations: to its uploader). */
const ownsFile = (session: Session, file: { boId: string | null; memberId: string }) =>
  file.boId ? file.boId === session.boId : file.memberId === session.memberId;
