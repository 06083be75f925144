import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { contentService } from "./content.service";

/** The shop's custom content pages (`contract.content`). */
export function contentRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.content, contentService);
}
