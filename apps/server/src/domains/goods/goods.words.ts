/**
 * The audit log's words for the goods domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, f, w, yesNo } from "../../platform/db/audit-words";

const { goods, goodsPublic } = contract;

const AREA: AuditRef = { table: "area", key: "code", name: "name", nameEn: "name_en" };
const FILE: AuditRef = { table: "stored_file", name: "name" };
const MEMBER: AuditRef = { table: "member", name: "name" };
const GOODS: AuditRef = { table: "goods", name: "name" };
/** A SKU is named by its spec values (a list). */
const SKU: AuditRef = { table: "goods_sku", name: "spec_values" };
const GOODS_ROUTE = "/transaction/goodsManage/detailGoods?id=:id";
const byGoods = { via: "goods_id", ref: GOODS };
const FREIGHT_TEMPLATE: AuditRef = { table: "freight_template", name: "name" };
const goodsStatusValues = { draft: w("Draft", "草稿"), on: w("On shelf", "在售"), off: w("Off shelf", "已下架") };

export const goodsWords: AuditWords = {
  calls: {
    [goods.publishGoods.path]: w("Published or saved a new goods item", "发布商品"),
    [goods.publishGoodsAndStatusOn.path]: w("Published a goods item and put it on shelf", "发布商品并上架"),
    [goods.modifyGoods.path]: w("Edited a goods item", "编辑商品"),
    [goodsPublic.publishGoods.path]: w("Published or saved a new goods item", "发布商品"),
    [goodsPublic.modifyGoods.path]: w("Edited a goods item", "编辑商品"),
    [goods.modifyGoodsAndStatusOn.path]: w("Edited a goods item and put it on shelf", "编辑商品并上架"),
    [goods.publishGoodsPackage.path]: w("Published or saved a new package", "发布套餐"),
    [goods.publishGoodsPackageAndStatusOn.path]: w("Published a package and put it on shelf", "发布套餐并上架"),
    [goods.modifyGoodsPackage.path]: w("Edited a package", "编辑套餐"),
    [goods.modifyGoodsPackageAndStatusOn.path]: w("Edited a package and put it on shelf", "编辑套餐并上架"),
    [goods.delGoods.path]: w("Deleted a goods item", "删除商品"),
    [goods.delGoodsList.path]: w("Deleted chosen goods items", "批量删除商品"),
    [goods.updStatusOn.path]: w("Put a goods item on shelf", "上架商品"),
    [goods.updStatusOut.path]: w("Took a goods item off shelf", "下架商品"),
    [goods.batchUpdateStatusOn.path]: w("Put goods on shelf in a batch", "批量上架商品"),
    [goods.batchUpdateStatusOut.path]: w("Took goods off shelf in a batch", "批量下架商品"),
    [goods.undoBatchUpdateStatus.path]: w("Undid a batch shelf change", "撤销批量上下架"),
    [goods.importGoodsList.path]: w("Imported goods from a sheet (or checked a sheet)", "导入商品（或检查导入表）"),
    [goods.addGoodsBatch.path]: w("Received a batch of fresh goods", "新增生鲜批次"),
    [goods.updGoodsBatch.path]: w("Corrected a batch of fresh goods", "修改生鲜批次"),
    [goods.delGoodsBatch.path]: w("Removed a batch of fresh goods", "删除生鲜批次"),
    [goods.addOrUpdGoodsTrace.path]: w("Added or edited a trace record", "新增或编辑溯源记录"),
    [goods.delGoodsTrace.path]: w("Deleted a trace record", "删除溯源记录"),
    [goods.saveGoodsMemberPrice.path]: w("Set member prices", "设置会员价"),
    [goods.delGoodsMemberPrice.path]: w("Removed member prices", "删除会员价"),
    [goods.saveGoodsLadderPrice.path]: w("Set ladder prices", "设置阶梯价"),
    [goods.delGoodsLadderPrice.path]: w("Removed ladder prices", "删除阶梯价"),
    [goods.saveShopRange.path]: w("Set the shop's delivery range", "设置店铺配送范围"),
  },
  records: {
    goods: {
      en: "Goods item",
      zh: "商品",
      name: ["name"],
      route: GOODS_ROUTE,
      // Derived from the SKUs (their changes are logged there), kept by orders, or by the database for search.
      hidden: ["shop_id", "price_min", "price_max", "stock_total", "sales", "search_doc"],
      fields: {
        kind: f("Kind", "类型", { kind: "enum", values: { goods: w("Goods item", "商品"), package: w("Package", "套餐") } }),
        name: f("Name", "商品名称"),
        subtitle: f("Subtitle", "副标题"),
        storage_location: f("Storage location", "库位"),
        category_id: f("Category", "类目", { ref: { table: "category", name: "name", nameEn: "name_en" } }),
        unit_id: f("Unit", "单位", { ref: { table: "unit", name: "name", nameEn: "name_en" } }),
        attrs: f("Attributes", "商品属性", { kind: "json" }),
        specs: f("Specs", "规格", { kind: "json" }),
        images: f("Images", "商品图片", { ref: FILE }),
        video_file_id: f("Video", "商品视频", { ref: FILE }),
        description_html: f("Description", "商品详情"),
        logistics: f("Delivery", "配送方式", {
          kind: "enum",
          values: {
            express: w("Express", "快递"),
            cityDelivery: w("Same-city delivery", "同城配送"),
            selfPickup: w("Self-pickup", "到店自提"),
          },
        }),
        fresh: f("Fresh (sold by batches)", "生鲜（按批次）", { kind: yesNo }),
        stock_limit: f("Package stock limit", "套餐限量", { kind: "number" }),
        status: f("Status", "状态", { kind: "enum", values: goodsStatusValues }),
        on_shelf_at: f("Put on shelf at", "上架时间", { kind: "time" }),
        deleted_at: f("Deleted at", "删除时间", { kind: "time" }),
        freight_template_id: f("Freight template", "运费模板", { ref: FREIGHT_TEMPLATE }),
        listing_type: f("Listing type", "信息类型", {
          kind: "enum",
          values: {
            goods: w("Goods", "商品"),
            serviceOffer: w("Service offered", "服务供应"),
            serviceWant: w("Service wanted", "服务需求"),
          },
        }),
        service_areas: f("Service area", "服务区域", { ref: AREA }),
        rebate_bp: f("Rebate", "返利比例", { kind: "basisPoints" }),
      },
    },
    goods_sku: {
      en: "SKU",
      zh: "商品规格",
      name: byGoods,
      route: "/transaction/goodsManage",
      hidden: ["goods_id", "sort"],
      fields: {
        spec_values: f("Spec values", "规格值"),
        price: f("Price", "售价", { kind: "money" }),
        market_price: f("Market price", "市场价", { kind: "money" }),
        cost_price: f("Cost price", "成本价", { kind: "money" }),
        stock: f("Stock", "库存", { kind: "number" }),
        code: f("SKU code", "规格编码"),
        barcode: f("Barcode", "条形码"),
        weight_g: f("Weight (g)", "重量（克）", { kind: "number" }),
        volume_cm3: f("Volume (cm³)", "体积（立方厘米）", { kind: "number" }),
        retired_at: f("Retired at", "停用时间", { kind: "time" }),
      },
    },
    goods_package_item: {
      en: "Package part",
      zh: "套餐内商品",
      partOf: { table: "goods", column: "package_id" },
      hidden: ["package_id", "sort"],
      fields: {
        goods_id: f("Item", "商品", { ref: GOODS }),
        sku_id: f("SKU", "规格", { ref: SKU }),
        quantity: f("Quantity", "数量", { kind: "number" }),
      },
    },
    goods_batch: {
      en: "Fresh batch",
      zh: "生鲜批次",
      name: ["batch_no"],
      route: "/transaction/goodsManage",
      hidden: ["goods_id"],
      fields: {
        sku_id: f("SKU", "规格", { ref: SKU }),
        batch_no: f("Batch number", "批次号"),
        quantity: f("Quantity received", "入库数量", { kind: "number" }),
        left: f("Quantity left", "剩余数量", { kind: "number" }),
        production_date: f("Production date", "生产日期", { kind: "date" }),
        expires_on: f("Expiry date", "到期日期", { kind: "date" }),
        trace_id: f("Trace record", "溯源记录", { ref: { table: "goods_trace", name: "origin" } }),
      },
    },
    goods_trace: {
      en: "Trace record",
      zh: "溯源记录",
      name: ["origin"],
      route: "/transaction/goodsManage",
      fields: {
        goods_id: f("Item", "商品", { ref: GOODS }),
        origin: f("Origin", "产地"),
        area_code: f("Area", "产地地区", { ref: AREA }),
        farm: f("Farm", "农场"),
        base_id: f("Base", "基地", { ref: { table: "base", name: "name" } }),
        harvest_date: f("Harvest date", "采收日期", { kind: "date" }),
        inspection_file_id: f("Inspection report", "检测报告", { ref: FILE }),
        remark: f("Remark", "备注"),
      },
    },
    goods_shelf_batch: {
      en: "Batch shelf change",
      zh: "批量上下架",
      name: { via: "member_id", ref: MEMBER },
      route: "/transaction/goodsManage",
      hidden: ["member_id"],
      fields: {
        direction: f("Direction", "方向", { kind: "enum", values: { on: w("On shelf", "上架"), off: w("Off shelf", "下架") } }),
        changes: f("Items changed", "变更的商品", { kind: "json" }),
        undone_at: f("Undone at", "撤销时间", { kind: "time" }),
      },
    },
    goods_member_price: {
      en: "Member price",
      zh: "会员价",
      name: byGoods,
      route: "/transaction/members",
      hidden: ["goods_id"],
      fields: {
        sku_id: f("SKU", "规格", { ref: SKU }),
        rank_id: f("Rank", "会员等级", { ref: { table: "member_rank", name: "name" } }),
        price: f("Member price", "会员价", { kind: "money" }),
      },
    },
    goods_ladder_price: {
      en: "Ladder price",
      zh: "阶梯价",
      name: byGoods,
      route: "/transaction/ladder",
      hidden: ["goods_id"],
      fields: {
        sku_id: f("SKU", "规格", { ref: SKU }),
        tiers: f("Tiers (from quantity: price in cents)", "价格阶梯（起订量：价格，单位分）", { kind: "json" }),
      },
    },
    goods_delivery_range: {
      en: "Delivery range",
      zh: "配送范围",
      name: byGoods,
      route: "/transaction/goodsManage",
      fields: {
        goods_id: f("Item (none: the shop's default)", "商品（空：店铺默认）", { ref: GOODS }),
        shapes: f("Areas", "配送区域", { kind: "json" }),
      },
    },
  },
};
