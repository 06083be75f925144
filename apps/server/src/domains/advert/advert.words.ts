/**
 * The audit log's words for the advert domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, f, w, yesNo } from "../../platform/db/audit-words";

const { advert, advertDetail } = contract;

const FILE: AuditRef = { table: "stored_file", name: "name" };

export const advertWords: AuditWords = {
  calls: {
    [advert.addOrUpdAdvert.path]: w("Added or edited an advert", "新增或编辑广告位"),
    [advert.delAdvertById.path]: w("Deleted an advert", "删除广告位"),
    [advert.updListSort.path]: w("Reordered the adverts", "调整广告位顺序"),
    [advertDetail.addAdvertDetail.path]: w("Added an advert item", "新增广告内容"),
    [advertDetail.updAdvertDetailById.path]: w("Edited an advert item", "编辑广告内容"),
    [advertDetail.delAdvertDetailById.path]: w("Deleted an advert item", "删除广告内容"),
    [advertDetail.updListSort.path]: w("Reordered an advert's items", "调整广告内容顺序"),
  },
  records: {
    shop_advert: {
      en: "Advert",
      zh: "广告位",
      name: ["name"],
      route: "/transaction/shopAdvertManage/:id",
      hidden: ["shop_id"],
      fields: {
        name: f("Name", "广告名称"),
        position: f("Position", "广告位置", {
          kind: "enum",
          values: {
            homeBanner: w("Home banner", "首页轮播"),
            categoryBanner: w("Category banner", "分类页横幅"),
            popup: w("Popup", "弹窗广告"),
          },
        }),
        enabled: f("Enabled", "启用", { kind: yesNo }),
        sort: f("Position in the list", "排序", { kind: "number" }),
      },
    },
    shop_advert_item: {
      en: "Advert item",
      zh: "广告内容",
      name: ["title", "link_target"],
      route: "/transaction/shopAdvertManage/:id",
      fields: {
        ad_id: f("Advert", "广告位", { ref: { table: "shop_advert", name: "name" } }),
        title: f("Title", "标题"),
        image_file_id: f("Image", "图片", { ref: FILE }),
        link_kind: f("Link", "链接类型", {
          kind: "enum",
          values: {
            none: w("No link", "无链接"),
            goods: w("Goods", "商品"),
            category: w("Shop category", "店铺分类"),
            url: w("Web address", "网址"),
            shop: w("Shop", "店铺"),
          },
        }),
        link_target: f("Link target", "链接目标"),
        start_at: f("Starts at", "开始时间", { kind: "time" }),
        end_at: f("Ends at", "结束时间", { kind: "time" }),
        enabled: f("Enabled", "启用", { kind: yesNo }),
        sort: f("Position in the list", "排序", { kind: "number" }),
      },
    },
  },
};
