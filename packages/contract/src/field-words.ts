import { fill, type Lang, type Params, type Words, wordsOf } from "./refusals";

/**
 * The seller's words for the contract's input keys, in both languages (issue 25 §5): a refusal that names a field
 * sends its key (`params.field`, and `params.form` when the key reads differently in one form) and the reader's
 * side words it here, so nobody reads "images缺失". A form names its fields by their own labels (the web's
 * `issueText`); this is for everywhere else — a list's action, a notice, a bulk report, the server's English `msg`.
 *
 * Keys are the last named part of a path ("skus.0.price" → "price"); `paths` words a whole path where the last
 * part alone reads wrong, `forms` a key that one domain's screens label their own way (the goods form's
 * "商品图片"). `field-words.test.ts` walks every seller call's input and checks each key has words in both languages.
 */
type Table = Record<string, readonly [en: string, zh: string]>;

const common: Table = {
  about: ["About", "简介"],
  accept: ["Accept", "是否接受"],
  acceptingOrders: ["Accepting orders", "接单状态"],
  account: ["Account", "账号"],
  action: ["Action", "操作"],
  adId: ["Advert", "广告"],
  additionalFee: ["Fee per additional unit", "续件（续重）运费"],
  additionalUnit: ["Additional unit", "续件（续重）"],
  address: ["Address", "地址"],
  afterSaleAutoApproveDays: ["Days before after-sales are approved automatically", "售后自动同意天数"],
  amount: ["Amount", "金额"],
  area: ["Area", "地区"],
  areaCode: ["Area", "地区"],
  areas: ["Areas", "地区"],
  attrs: ["Attributes", "商品属性"],
  autoCloseMinutes: ["Minutes before unpaid orders close", "未付款订单自动关闭分钟数"],
  autoConfirmDays: ["Days before receipt is confirmed automatically", "自动确认收货天数"],
  bankAccount: ["Bank account", "银行账号"],
  bankName: ["Bank", "开户银行"],
  barcode: ["Barcode", "条形码"],
  baseId: ["Production base", "生产基地"],
  baseIds: ["Production bases", "生产基地"],
  batchId: ["Batch", "批次"],
  batchNo: ["Batch number", "批次号"],
  batches: ["Batches", "批次"],
  benefits: ["Benefits", "权益"],
  billNo: ["Bill number", "业务单号"],
  boId: ["Organisation", "组织"],
  bonusAmount: ["Bonus amount", "赠送金额"],
  bonusPoints: ["Bonus points", "赠送积分"],
  brand: ["Brand", "品牌"],
  busType: ["Business type", "业务类型"],
  businessHours: ["Business hours", "营业时间"],
  cardNo: ["Card number", "银行卡号"],
  category: ["Category", "类目"],
  categoryId: ["Category", "商品类目"],
  categoryIds: ["Categories", "商品类目"],
  center: ["Centre", "中心点"],
  chargeType: ["Charged by", "计费方式"],
  cityCode: ["City", "城市"],
  classifyId: ["Shop category", "店铺分类"],
  classifyIds: ["Shop categories", "店铺分类"],
  close: ["Closing time", "结束时间"],
  closeTime: ["Closing time", "打烊时间"],
  code: ["Code", "编码"],
  color: ["Colour", "颜色"],
  columns: ["Columns", "列"],
  consent: ["Consent", "同意"],
  contactEmail: ["Contact e-mail", "联系邮箱"],
  contactName: ["Contact name", "联系人"],
  contactPhone: ["Contact phone", "联系电话"],
  content: ["Content", "内容"],
  costPrice: ["Cost price", "成本价"],
  coverFileId: ["Cover image", "封面图"],
  creditCode: ["Unified social credit code", "统一社会信用代码"],
  cursor: ["Page position", "分页位置"],
  days: ["Days", "天数"],
  defaultRule: ["Default rule", "默认运费规则"],
  deliveryRange: ["Delivery range", "配送范围"],
  description: ["Description", "描述"],
  descriptionHtml: ["Description", "商品详情"],
  descriptionScore: ["Description score", "描述评分"],
  detail: ["Detail", "详细地址"],
  dictId: ["Dictionary", "字典"],
  discount: ["Discount", "折扣"],
  discountType: ["Discount type", "优惠类型"],
  districtCode: ["District", "区县"],
  draft: ["Draft", "草稿"],
  email: ["E-mail", "电子邮箱"],
  employeeId: ["Staff member", "员工"],
  enabled: ["Enabled", "启用"],
  endAt: ["End", "结束时间"],
  endsAt: ["End", "结束时间"],
  exchangeCode: ["Exchange code", "兑换码"],
  expiresOn: ["Expiry date", "到期日期"],
  expressCode: ["Carrier", "快递公司"],
  farm: ["Farm", "农场"],
  fileId: ["File", "文件"],
  fileIds: ["Files", "文件"],
  firstFee: ["First fee", "首件（首重）运费"],
  firstUnit: ["First unit", "首件（首重）"],
  flagColor: ["Flag colour", "旗帜颜色"],
  freeBy: ["Free by", "包邮条件"],
  freeRules: ["Free shipping rules", "包邮规则"],
  freightTemplateId: ["Freight template", "运费模板"],
  fresh: ["Fresh goods", "生鲜商品"],
  from: ["From", "开始"],
  fromDay: ["From", "开始日期"],
  funcCode: ["Function", "功能"],
  functions: ["Functions", "功能"],
  goodsId: ["Goods", "商品"],
  goodsIds: ["Goods", "商品"],
  goodsScope: ["Goods scope", "适用商品"],
  harvestDate: ["Harvest date", "采收日期"],
  harvestFrom: ["Harvested from", "采收开始日期"],
  harvestTo: ["Harvested until", "采收结束日期"],
  hasImages: ["With images", "有图"],
  holderName: ["Card holder", "持卡人"],
  id: ["Item", "记录"],
  idBackFileId: ["ID card back", "身份证反面"],
  idFrontFileId: ["ID card front", "身份证正面"],
  ids: ["Items", "记录"],
  imageId: ["Image", "图片"],
  imageIds: ["Images", "图片"],
  images: ["Images", "图片"],
  index: ["Position", "位置"],
  industry: ["Industry", "行业"],
  inspectionFileId: ["Inspection report", "检测报告"],
  intro: ["Introduction", "简介"],
  invoice: ["Invoice", "发票"],
  invoiceNo: ["Invoice number", "发票号码"],
  invoiceType: ["Invoice type", "发票类型"],
  issuedAt: ["Issued at", "开票时间"],
  items: ["Items", "商品"],
  joinedFrom: ["Joined from", "注册开始日期"],
  joinedTo: ["Joined until", "注册结束日期"],
  key: ["Key", "键"],
  keys: ["Keys", "键"],
  keyword: ["Keyword", "关键词"],
  kind: ["Kind", "类型"],
  lang: ["Language", "语言"],
  lat: ["Latitude", "纬度"],
  latitude: ["Latitude", "纬度"],
  left: ["Remaining", "剩余"],
  legalPersonIdNo: ["Legal representative's ID number", "法人身份证号"],
  legalPersonName: ["Legal representative", "法人姓名"],
  level: ["Level", "级别"],
  licenceFileId: ["Business licence", "营业执照"],
  limit: ["Limit", "上限"],
  lineId: ["Order line", "订单商品"],
  lines: ["Lines", "商品明细"],
  link: ["Link", "链接"],
  listingType: ["Listing type", "商品类型"],
  lng: ["Longitude", "经度"],
  loginName: ["Login name", "登录名"],
  logistics: ["Delivery methods", "配送方式"],
  logisticsScore: ["Logistics score", "物流评分"],
  logoFileId: ["Logo", "店铺标志"],
  longitude: ["Longitude", "经度"],
  mainCategoryId: ["Main category", "主营类目"],
  manufacturerId: ["Manufacturer", "生产商"],
  marketPrice: ["Market price", "市场价"],
  maxDiscount: ["Maximum discount", "最高优惠"],
  maxHeight: ["Maximum height", "最大高度"],
  maxKb: ["Maximum size", "最大体积"],
  maxWidth: ["Maximum width", "最大宽度"],
  memberId: ["Member", "会员"],
  memberIds: ["Members", "会员"],
  memberNo: ["Member number", "会员编号"],
  members: ["Members", "成员"],
  minHeight: ["Minimum height", "最小高度"],
  minQuantity: ["Minimum quantity", "起购数量"],
  minSpend: ["Minimum spend", "最低消费"],
  minWidth: ["Minimum width", "最小宽度"],
  mode: ["Mode", "模式"],
  must: ["Required", "必填"],
  name: ["Name", "名称"],
  need: ["Needed", "需要"],
  newPassword: ["New password", "新密码"],
  notDelivered: ["Not delivered", "不配送"],
  notice: ["Notice", "公告"],
  oldPassword: ["Current password", "原密码"],
  on: ["On", "开启"],
  open: ["Opening time", "开始时间"],
  openTime: ["Opening time", "营业时间"],
  orderId: ["Order", "订单"],
  orderIds: ["Orders", "订单"],
  orderNo: ["Order number", "订单号"],
  origin: ["Origin", "产地"],
  pageNum: ["Page", "页码"],
  pageSize: ["Rows per page", "每页条数"],
  parentCode: ["Parent", "上级"],
  parentId: ["Parent", "上级"],
  password: ["Password", "密码"],
  payAmount: ["Amount paid", "实付金额"],
  payMethod: ["Payment method", "支付方式"],
  pcateId: ["Parent category", "上级分类"],
  perBuyerLimit: ["Limit per buyer", "每人限购"],
  perMemberLimit: ["Limit per member", "每人限领"],
  percentOff: ["Percent off", "折扣比例"],
  phone: ["Phone", "手机号"],
  pickupPointId: ["Pickup point", "自提点"],
  pid: ["Parent area", "上级地区"],
  plannedOn: ["Planned date", "计划日期"],
  points: ["Points", "坐标点"],
  poolId: ["Card pool", "卡池"],
  position: ["Position", "位置"],
  postcode: ["Postcode", "邮政编码"],
  price: ["Price", "售价"],
  priceMax: ["Highest price", "最高价"],
  priceMin: ["Lowest price", "最低价"],
  prices: ["Prices", "价格"],
  productionDate: ["Production date", "生产日期"],
  professionId: ["Profession", "职业"],
  provinceCode: ["Province", "省份"],
  published: ["Published", "已发布"],
  purpose: ["Purpose", "用途"],
  quantity: ["Quantity", "数量"],
  radiusM: ["Radius", "半径"],
  rankId: ["Member rank", "会员等级"],
  rankIds: ["Member ranks", "会员等级"],
  reason: ["Reason", "原因"],
  rebateBp: ["Rebate", "返利比例"],
  refId: ["Reference", "关联记录"],
  refundNow: ["Refund now", "立即退款"],
  regCode: ["Coupon", "优惠券"],
  regionRules: ["Region rules", "地区运费规则"],
  registeredAddress: ["Registered address", "注册地址"],
  registeredPhone: ["Registered phone", "注册电话"],
  remark: ["Remark", "备注"],
  replied: ["Replied", "已回复"],
  role: ["Role", "角色"],
  roleId: ["Role", "角色"],
  roleIds: ["Roles", "角色"],
  roundId: ["Round", "场次"],
  rows: ["Rows", "行"],
  ruleId: ["Rule", "规则"],
  score: ["Score", "评分"],
  secret: ["Secret", "密钥"],
  selfPickup: ["Self-pickup", "到店自提"],
  sellerRemark: ["Seller's remark", "商家备注"],
  serviceAreas: ["Service areas", "服务地区"],
  servicePhone: ["Service phone", "客服电话"],
  serviceScore: ["Service score", "服务评分"],
  settlement: ["Settlement", "结算"],
  shapes: ["Shapes", "区域"],
  shipmentId: ["Shipment", "包裹"],
  shopId: ["Shop", "店铺"],
  shortName: ["Short name", "简称"],
  skuId: ["SKU", "规格"],
  skus: ["SKUs", "规格（SKU）"],
  sort: ["Sort order", "排序"],
  specValues: ["Spec values", "规格值"],
  specs: ["Specs", "规格"],
  spendMax: ["Highest spend", "最高消费"],
  spendMin: ["Lowest spend", "最低消费"],
  startAt: ["Start", "开始时间"],
  startsAt: ["Start", "开始时间"],
  state: ["State", "状态"],
  status: ["Status", "状态"],
  statuses: ["Statuses", "状态"],
  stock: ["Stock", "库存"],
  storageLocation: ["Storage location", "库位"],
  stockBelow: ["Stock below", "库存低于"],
  stockLimit: ["Stock limit", "库存上限"],
  subtitle: ["Subtitle", "副标题"],
  supplierBoId: ["Supplier", "供应商"],
  supplierId: ["Supplier", "供应商"],
  tab: ["Tab", "标签页"],
  tagId: ["Tag", "标签"],
  tagIds: ["Tags", "标签"],
  taxNo: ["Tax number", "税号"],
  threshold: ["Threshold", "门槛"],
  thresholdType: ["Threshold type", "门槛类型"],
  thresholdValue: ["Threshold", "门槛金额"],
  tiers: ["Ladder prices", "阶梯价"],
  timeZone: ["Time zone", "时区"],
  title: ["Title", "标题"],
  titleId: ["Invoice title", "发票抬头"],
  to: ["Until", "结束"],
  toDay: ["Until", "结束日期"],
  token: ["Token", "令牌"],
  totalQuantity: ["Total quantity", "发放总量"],
  traceId: ["Trace record", "溯源记录"],
  trackingNo: ["Tracking number", "运单号"],
  type: ["Type", "类型"],
  underCode: ["Under area", "所属地区"],
  unitId: ["Unit", "单位"],
  updatedAt: ["Last changed", "更新时间"],
  url: ["Web address", "网址"],
  validDays: ["Days valid", "有效天数"],
  validFrom: ["Valid from", "有效期开始"],
  validTo: ["Valid until", "有效期结束"],
  validityType: ["Validity", "有效期类型"],
  value: ["Value", "值"],
  values: ["Values", "值"],
  version: ["Version", "版本"],
  videoFileId: ["Video", "视频"],
  visible: ["Visible", "是否显示"],
  volumeCm3: ["Volume", "体积"],
  weekday: ["Day of the week", "星期"],
  weightG: ["Weight", "重量"],
  // The platform's own fields (body checks, uploads).
  systemId: ["System id", "系统编号"],
  body: ["Request", "请求内容"],
  file: ["File", "文件"],
};

/** Whole paths whose last part alone reads wrong ("specs.0.name" is a spec's name, not the goods name). */
const paths: Table = {
  "specs.name": ["Spec name", "规格名称"],
  "specs.values": ["Spec values", "规格值"],
  "skus.code": ["SKU code", "规格编码"],
  "skus.tiers.price": ["Ladder price", "阶梯价"],
  "prices.price": ["Member price", "会员价"],
  "skus.batches.quantity": ["Batch quantity", "批次数量"],
  "items.skuId": ["Package part", "套餐商品"],
  "lines.content": ["Review", "评价内容"],
};

/** Keys that one domain's screens label their own way (the same words as the form's labels). */
const forms: Record<string, Table> = {
  goods: {
    name: ["Name", "商品名称"],
    images: ["Images", "商品图片"],
    skus: ["SKUs", "规格（SKU）"],
    categoryId: ["Category", "类目"],
    unitId: ["Unit", "单位"],
    logistics: ["Delivery methods", "配送方式"],
    serviceAreas: ["Service areas", "服务地区"],
    price: ["Price", "售价"],
    marketPrice: ["Market price", "市场价"],
  },
  finance: { billNo: ["Bill number", "业务单号"] },
  coupon: { regCode: ["Rule code", "规则编码"], amount: ["Amount off", "减免金额"] },
};

/** "skus.0.price" → ["skus", "price"]: a path without its list positions. */
const namedParts = (path: string) =>
  path
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter((p) => p !== "" && !/^\d+$/.test(p));

const pick = (pair: readonly [string, string] | undefined, lang: Lang) => (pair ? pair[lang === "en" ? 0 : 1] : undefined);

/**
 * A field's words in a language: the form's own, the whole path's, then the key's; undefined for a key with no
 * words (the walk test keeps that from happening for the contract's keys).
 */
export function fieldWord(path: string, lang: Lang, form?: string): string | undefined {
  const parts = namedParts(path);
  const last = parts[parts.length - 1];
  if (!last) return pick(common.body, lang);
  const own = form ? forms[form] : undefined;
  return (
    pick(own?.[parts.join(".")], lang) ??
    pick(own?.[last], lang) ??
    pick(paths[parts.join(".")], lang) ??
    pick(paths[parts.slice(-2).join(".")], lang) ??
    pick(common[last], lang)
  );
}

/** A field's words in both languages (the server's English `msg`, tests). */
export const fieldWords = (path: string, form?: string): Words | undefined => {
  const en = fieldWord(path, "en", form);
  const zh = fieldWord(path, "zh", form);
  return en && zh ? { en, zh } : undefined;
};

/**
 * A refusal's params with its `field` key put in words: `{ field: "images", form: "goods" }` → `{ field: "商品图片" }`
 * in Chinese. A key with no words stays as it is (visible, so a test catches it).
 */
export function withFieldWords(params: Params | undefined, lang: Lang): Params | undefined {
  if (!params || typeof params.field !== "string") return params;
  const form = typeof params.form === "string" ? params.form : undefined;
  const words = fieldWord(params.field, lang, form);
  return words ? { ...params, field: words } : params;
}

/** A declared refusal's words in a language with its field named in words (see `withFieldWords`). */
export const refusalWords = (reason: string, lang: Lang, params?: Params): string | undefined =>
  wordsOf(reason, lang, withFieldWords(params, lang));

/** The English sentence of a refusal for the server's `msg`, its field named in words. */
export const englishOf = (words: Words, params?: Params): string => fill(words.en, withFieldWords(params, "en"), "en");
