import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../../platform/http/bind-domain";
import { postgresSearchEngine } from "./postgres-search.repository";
import type { GoodsSearchEngine } from "./search.rules";
import { createSearchService } from "./search.service";

/** The search engines by the name SEARCH_ENGINE gives; an external engine registers here. */
export const searchEngines: Record<string, GoodsSearchEngine> = { postgres: postgresSearchEngine };

export function searchRoutes(app: FastifyInstance, platform: Platform, engine: GoodsSearchEngine) {
  bindDomain(app, platform, contract.search, createSearchService(engine));
}
