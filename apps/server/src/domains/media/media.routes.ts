import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { exportPage } from "./media.export";
import { createMediaService } from "./media.service";

/** The seller's video calls (`contract.media`). */
export function mediaRoutes(app: FastifyInstance, platform: Platform, files: FileStore) {
  bindDomain(app, platform, contract.media, { ...createMediaService({ files }), exportPage });
}
