import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { exportPage } from "./media.export";
import { createMediaService } from "./media.service";

/** The seller's video calls (`contract.media`). */
export function mediaRoutes(app: FastifyInstance, platform: Platform, files: FileStore) {
  const videos = createMediaService({ files });
  bindDomain(app, platform, contract.media, {
    upload: (input, ctx) => videos.upload(ctx, input),
    getUploadSts2WithExpire: (_input, ctx) => videos.getUploadSts2WithExpire(ctx),
    add: (input, ctx) => videos.add(ctx, input),
    page: (input, ctx) => videos.page(ctx, input),
    exportPage: (input, ctx) => exportPage(ctx, input),
    detail: (input, ctx) => videos.detail(ctx, input),
    update: (input, ctx) => videos.update(ctx, input),
    updateStatus: (input, ctx) => videos.updateStatus(ctx, input),
    delete: (input, ctx) => videos.delete(ctx, input),
  });
}
