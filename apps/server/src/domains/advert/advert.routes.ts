import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { exportAdvertList } from "./advert.export";
import { createAdvertService } from "./advert.service";
import { createItemService } from "./item/item.service";

/** The shop's adverts (`contract.advert`) and their items (`contract.advertDetail`). */
export function advertRoutes(app: FastifyInstance, platform: Platform, files: FileStore) {
  bindDomain(app, platform, contract.advert, { ...createAdvertService(), exportAdvertList });
  bindDomain(app, platform, contract.advertDetail, createItemService({ files }));
}
