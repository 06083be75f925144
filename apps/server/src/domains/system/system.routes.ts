import { codes, contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import type { Session } from "../../platform/http/context";
import { failure } from "../../platform/http/envelope";
import { AppError } from "../../platform/http/errors";
import { createAttachmentService, type RecordOwners } from "./attachment.service";
import { createAuditService } from "./audit.service";
import { type createSystemService, findFile } from "./system.service";

export function systemRoutes(
  app: FastifyInstance,
  platform: Platform,
  system: ReturnType<typeof createSystemService>,
  files: FileStore,
  owners: RecordOwners,
) {
  const audit = createAuditService();
  const attachments = createAttachmentService(owners);
  bindDomain(app, platform, contract.system, {
    selAuditLogByPage: (input, ctx) => audit.selAuditLogByPage(ctx, input),
    selAuditLogById: (input, ctx) => audit.selAuditLogById(ctx, input),
    selAuditLogMembers: (_input, ctx) => audit.selAuditLogMembers(ctx),
    exportAuditLog: (input, ctx) => audit.exportAuditLog(ctx, input),
    upload: (input, ctx) => system.upload(ctx, input),
    selByTypeBusTypeRefId: (input, ctx) => attachments.selByTypeBusTypeRefId(ctx, input),
    addFileList: (input, ctx) => attachments.addFileList(ctx, input),
  });

  // Uploaded files by id, to a session of the organisation that owns the file only (ID cards and licences go through
  // here). The browser may keep the bytes (`private`) but asks again every time (`no-cache`), so a session that ended
  // or an organisation switched away from sees nothing; the ETag spares the bytes when nothing changed.
  app.get<{ Params: { id: string } }>("/files/:id", { schema: { hide: true } }, async (req, reply) => {
    const noFile = () => reply.code(404).send(failure(codes.NOT_FOUND, "No such file"));
    let session: Session | null;
    try {
      session = (await platform.sessions.resolve(req, false, reply)).session;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return reply.code(401).send(failure(err.code, err.message));
    }
    if (!session) return reply.code(401).send(failure(codes.NOT_LOGGED_IN, "Please log in"));
    const row = /^[0-9A-Z]{26}$/.test(req.params.id) ? await findFile(platform.db, req.params.id) : undefined;
    if (!row || !ownsFile(session, row) || !(await files.exists(row.sha256))) return noFile();
    const etag = `"${row.sha256}"`;
    reply.header("cache-control", "private, no-cache");
    reply.header("etag", etag);
    reply.header("vary", "Cookie");
    if (req.headers["if-none-match"] === etag) return reply.code(304).send();
    reply.header("content-type", row.contentType);
    reply.header("x-content-type-options", "nosniff");
    // Images and videos are shown by the app (<img>, <video>). Anything else — a PDF may carry JavaScript — is only
    // ever downloaded, never rendered at this origin, and sandboxed should a browser render it all the same.
    if (!row.contentType.startsWith("image/") && !row.contentType.startsWith("video/")) {
      reply.header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(row.name)}`);
      reply.header("content-security-policy", "sandbox; default-src 'none'");
    }
    return reply.send(files.get(row.sha256));
  });
}

/** A file belongs to the organisation it was uploaded in (a file from before organisations: to its uploader). */
const ownsFile = (session: Session, file: { boId: string | null; memberId: string }) =>
  file.boId ? file.boId === session.boId : file.memberId === session.memberId;
