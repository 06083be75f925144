import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { createAuditService } from "./audit.service";
import { type createSystemService, findFile } from "./system.service";

export function systemRoutes(app: FastifyInstance, platform: Platform, system: ReturnType<typeof createSystemService>, files: FileStore) {
  const audit = createAuditService();
  bindDomain(app, platform, contract.system, {
    selAuditLogByPage: (input, ctx) => audit.selAuditLogByPage(ctx, input),
    selAuditLogById: (input, ctx) => audit.selAuditLogById(ctx, input),
    selAuditLogMembers: (_input, ctx) => audit.selAuditLogMembers(ctx),
    exportAuditLog: (input, ctx) => audit.exportAuditLog(ctx, input),
    upload: (input, ctx) => system.upload(ctx, input),
  });

  // Uploaded files by id: ids are unguessable, and the bytes never change for an id.
  app.get<{ Params: { id: string } }>("/files/:id", { schema: { hide: true } }, async (req, reply) => {
    const row = /^[0-9A-Z]{26}$/.test(req.params.id) ? await findFile(platform.db, req.params.id) : undefined;
    if (!row || !(await files.exists(row.sha256))) return reply.code(404).send({ code: "000004", msg: "No such file", data: null });
    reply.header("content-type", row.contentType);
    reply.header("cache-control", "public, max-age=31536000, immutable");
    reply.header("x-content-type-options", "nosniff");
    if (!row.contentType.startsWith("image/"))
      reply.header("content-disposition", `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`);
    return reply.send(files.get(row.sha256));
  });
}
