import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { exportAdvertList } from "./advert.export";
import { createAdvertService } from "./advert.service";

/** The shop's adverts (`contract.advert`) and their items (`contract.advertDetail`). */
export function advertRoutes(app: FastifyInstance, platform: Platform, files: FileStore) {
  const { advert, detail } = createAdvertService({ files });
  bindDomain(app, platform, contract.advert, {
    selAdvertListByPage: (input, ctx) => advert.selAdvertListByPage(ctx, input),
    selAdvertListByParam: (input, ctx) => advert.selAdvertListByParam(ctx, input),
    exportAdvertList: (input, ctx) => exportAdvertList(ctx, input),
    selAdvertById: (input, ctx) => advert.selAdvertById(ctx, input),
    addOrUpdAdvert: (input, ctx) => advert.addOrUpdAdvert(ctx, input),
    delAdvertById: (input, ctx) => advert.delAdvertById(ctx, input),
    updListSort: (input, ctx) => advert.updListSort(ctx, input),
  });
  bindDomain(app, platform, contract.advertDetail, {
    selAdvertDetailByAdId: (input, ctx) => detail.selAdvertDetailByAdId(ctx, input),
    selAdvertDetailAllListByParam: (input, ctx) => detail.selAdvertDetailAllListByParam(ctx, input),
    addAdvertDetail: (input, ctx) => detail.addAdvertDetail(ctx, input),
    updAdvertDetailById: (input, ctx) => detail.updAdvertDetailById(ctx, input),
    delAdvertDetailById: (input, ctx) => detail.delAdvertDetailById(ctx, input),
    updListSort: (input, ctx) => detail.updListSort(ctx, input),
    queryAdvertGoodsByPage: (input, ctx) => detail.queryAdvertGoodsByPage(ctx, input),
    queryAdvertCategoryList: (_input, ctx) => detail.queryAdvertCategoryList(ctx),
    queryAdvertShopByPage: (input, ctx) => detail.queryAdvertShopByPage(ctx, input),
  });
}
