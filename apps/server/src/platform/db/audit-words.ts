/**
 * The audit log in a seller's words: what each write call does, what each audited table's rows are,
 * what their columns mean and how their values read, in English and Chinese. The trigger
 * (`./audit.ts`) reads the record names and references from here; the audit log's calls and export
 * (`domains/system/audit.view.ts`) word every entry from here in the caller's language, so the browser
 * never receives a table or column name. A test requires words for every write call, every audited table and
 * every column that is not internal, so a new call, table or column cannot reach the log unworded.
 */
import { type Call, contract, funcOf, functionTree, type Lang, type Words } from "@sbo/contract";

const {
  address,
  advert,
  advertDetail,
  afterSale,
  buyerAfterSale,
  content,
  buyerCoupon,
  cardPool,
  coupon,
  buyerEvaluate,
  evaluation,
  finance,
  freight,
  goods,
  goodsPublic,
  buyerInvoice,
  invoice,
  media,
  member,
  buyer,
  orders,
  orderDesk,
  extract,
  fulfilSupport,
  orderFulfil,
  ordersLive,
  buyerPay,
  orderChange,
  orderPay,
  organization,
  promotion,
  recommend,
  login,
  session,
  system,
  sellerSettings,
  shop,
  shopCategory,
  staff,
  supplier,
  templates,
} = contract;

export interface AuditCallWords extends Words {
  /** The function-tree area of a call that names no function (access `member`/`public`). */
  area?: string;
}

const w = (en: string, zh: string, area?: string): AuditCallWords => (area ? { en, zh, area } : { en, zh });
/** A buyer API write, in the seller's orders log: "A buyer …" / "买家…". */
const byBuyer = (en: string, zh: string): AuditCallWords => w(`A buyer ${en}`, `买家${zh}`, "order");

/** What each write call does, by path. */
export const auditCallWords: Record<string, AuditCallWords> = {
  [session.logout.path]: w("Logged out", "退出登录", "setup"),
  [session.switchIdentity.path]: w("Switched organisation", "切换身份", "setup"),
  [session.switchManufacturer.path]: w("Chose the manufacturer to work for", "切换厂商", "setup"),
  [login.login.path]: w("Logged in", "登录", "setup"),
  [login.msgLogin.path]: w("Logged in with an SMS code", "短信验证码登录", "setup"),
  [login.sendMessage.path]: w("Asked for an SMS code", "获取短信验证码", "setup"),
  [login.judgeVerification.path]: w("Checked an SMS code", "校验短信验证码", "setup"),
  [login.safeCenterReSetPwd.path]: w("Changed their password", "修改登录密码", "setup"),
  [login.reSetPwd.path]: w("Reset a forgotten password", "找回密码", "setup"),
  [login.sendPhoneSms.path]: w("Asked for an SMS code to change the password", "获取修改密码验证码", "setup"),
  [login.smsChangePassword.path]: w("Changed the password with an SMS code", "短信验证修改密码", "setup"),
  [system.upload.path]: w("Uploaded a file", "上传文件", "setup"),
  [system.addFileList.path]: w("Attached files to a record", "为记录添加附件", "setup"),
  [shop.updShop.path]: w("Edited the shop's profile", "编辑店铺信息"),
  [shop.updShopStatus.path]: w("Closed or reopened the shop", "关闭或重开店铺"),
  [shop.addOrUpdShopSettingByShopId.path]: w("Changed the shop settings", "修改店铺设置"),
  [shop.openShop.path]: w("Filled in the new shop's details", "填写开店信息", "shop"),
  [shop.submitAccountOpening.path]: w("Submitted the shop for opening", "提交开店认证", "shop"),
  [organization.updById.path]: w("Edited the enterprise information", "编辑企业信息"),
  [member.addMemberRank.path]: w("Added or edited a member rank", "新增或编辑会员等级"),
  [member.delMemberRank.path]: w("Deleted a member rank", "删除会员等级"),
  [member.updMemberById.path]: w("Edited a member", "编辑会员"),
  [member.addOrUpdMemberTag.path]: w("Added or edited a member tag", "新增或编辑会员标签"),
  [member.delMemberTagById.path]: w("Deleted a member tag", "删除会员标签"),
  [member.batchTagMembers.path]: w("Tagged or untagged members", "批量设置会员标签"),
  [member.addOrUpdRechargePromotion.path]: w("Added or edited a recharge offer", "新增或编辑充值活动"),
  [member.updRechargeStatus.path]: w("Started or ended a recharge offer", "开始或结束充值活动"),
  [templates.addDataTemp.path]: w("Saved a template", "保存模板", "setup"),
  [templates.delDataTemp.path]: w("Deleted a saved template", "删除模板", "setup"),
  [staff.addMemberEmployee.path]: w("Added a staff member with a new account", "新增员工账号"),
  [staff.updMemberEmpById.path]: w("Edited a staff member", "编辑员工"),
  [staff.delMemberEmpById.path]: w("Removed a staff member", "移除员工"),
  [staff.add.path]: w("Added an existing account as staff", "添加已有账号为员工"),
  [staff.upd.path]: w("Enabled or disabled a staff member", "启用或停用员工"),
  [staff.resetMemberEmpPassword.path]: w("Set a staff member's password", "重置员工密码"),
  [staff.cancelInvitation.path]: w("Cancelled an invitation to join as staff", "取消员工邀请"),
  [staff.sendPhoneConfirmCode.path]: w("Asked for a code to confirm their phone", "获取手机号确认验证码", "setup"),
  [staff.confirmPhone.path]: w("Confirmed their phone", "确认手机号", "setup"),
  [staff.acceptInvitation.path]: w("Accepted an invitation to join as staff", "接受员工邀请", "setup"),
  [staff.declineInvitation.path]: w("Declined an invitation to join as staff", "拒绝员工邀请", "setup"),
  [supplier.acceptAuthRequest.path]: w("Accepted a supplier authorisation request", "同意供应商授权申请"),
  [supplier.declineAuthRequest.path]: w("Declined a supplier authorisation request", "拒绝供应商授权申请"),
  [staff.addRole.path]: w("Added a role", "新增角色"),
  [staff.updRole.path]: w("Edited a role", "编辑角色"),
  [staff.delRole.path]: w("Deleted a role", "删除角色"),
  [staff.addProfession.path]: w("Added a profession", "新增职业"),
  [staff.addBase.path]: w("Added a base", "新增基地"),
  [staff.updBase.path]: w("Edited a base", "编辑基地"),
  [staff.updBaseEnabled.path]: w("Enabled or disabled a base", "启用或停用基地"),
  [address.addAddr.path]: w("Added an address", "新增地址"),
  [address.updAddrById.path]: w("Edited an address", "编辑地址"),
  [address.delAddrById.path]: w("Deleted an address", "删除地址"),
  [address.updDefaultAddr.path]: w("Changed the default address", "设置默认地址"),
  [supplier.addShopSupplier.path]: w("Added a supplier", "新增供应商", "shop"),
  [supplier.updShopSupplierById.path]: w("Edited a supplier", "编辑供应商", "shop"),
  [supplier.delShopSupplierById.path]: w("Deleted a supplier", "删除供应商", "shop"),
  [supplier.addShopSupplierMemberList.path]: w("Added a supplier's accounts", "添加供应商账号"),
  [supplier.updShopSupplierMemberList.path]: w("Changed a supplier's accounts", "修改供应商账号"),
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
  [freight.add.path]: w("Added a freight template", "新增运费模板"),
  [freight.upd.path]: w("Edited a freight template", "编辑运费模板"),
  [freight.del.path]: w("Deleted a freight template", "删除运费模板"),
  [freight.addInitFreightTemplate.path]: w("Added the starter freight template (free shipping)", "新增初始运费模板（包邮）"),
  [freight.addInfo.path]: w("Added a freight rule", "新增运费规则"),
  [freight.updInfoById.path]: w("Edited a freight rule", "编辑运费规则"),
  [shopCategory.addShopClassify.path]: w("Added a shop category", "新增店铺分类"),
  [shopCategory.updShopClassifyById.path]: w("Renamed a shop category", "重命名店铺分类"),
  [shopCategory.delClassifyByIdList.path]: w("Deleted shop categories", "删除店铺分类"),
  [shopCategory.updShopClassifyList.path]: w("Moved a shop category", "移动店铺分类"),
  [shopCategory.addShopClassifyGoods.path]: w("Put goods in a shop category", "向店铺分类添加商品"),
  [shopCategory.delShopClassifyGoods.path]: w("Took goods out of a shop category", "从店铺分类移除商品"),
  [shopCategory.updList.path]: w("Set a goods item's shop categories", "设置商品的店铺分类"),
  [recommend.addRecommendClassify.path]: w("Added a recommendation group", "新增推荐分组"),
  [recommend.updRecommendClassifyById.path]: w("Edited a recommendation group", "编辑推荐分组"),
  [recommend.execRecommendClassifyList.path]: w("Moved or deleted recommendation groups", "移动或删除推荐分组"),
  [recommend.addRecommendInfoList.path]: w("Added recommended goods", "添加推荐商品"),
  [recommend.delRecommendInfo.path]: w("Removed recommended goods", "移除推荐商品"),
  [recommend.updRecommendInfo.path]: w("Moved a recommended item", "调整推荐商品顺序"),
  [advert.addOrUpdAdvert.path]: w("Added or edited an advert", "新增或编辑广告位"),
  [advert.delAdvertById.path]: w("Deleted an advert", "删除广告位"),
  [advert.updListSort.path]: w("Reordered the adverts", "调整广告位顺序"),
  [advertDetail.addAdvertDetail.path]: w("Added an advert item", "新增广告内容"),
  [advertDetail.updAdvertDetailById.path]: w("Edited an advert item", "编辑广告内容"),
  [advertDetail.delAdvertDetailById.path]: w("Deleted an advert item", "删除广告内容"),
  [advertDetail.updListSort.path]: w("Reordered an advert's items", "调整广告内容顺序"),
  [content.updWebContent.path]: w("Saved a custom content page", "保存自定义内容"),
  [orders.orderDelivery.path]: w("Shipped an order", "订单发货"),
  [orders.updateOrderLogistics.path]: w("Corrected an order's logistics", "修改订单物流"),
  [orders.cancelOrder.path]: w("Cancelled an order", "取消订单"),
  [orders.orderPriceRevision.path]: w("Revised an order's price", "订单改价"),
  [orders.modifyOrderByObj.path]: w("Remarked or flagged an order", "订单备注或标记"),
  [orders.orderReceived.path]: w("Marked an order received", "确认订单收货"),
  [orders.deleteOrderById.path]: w("Deleted a closed order", "删除已关闭订单"),
  [orders.updateOrderInfoAddrById.path]: w("Changed an order's address", "修改订单收货地址"),
  [orderFulfil.orderRepeatedlyDelivery.path]: w("Planned a delivery of a repeated-delivery order", "安排周期配送"),
  [orderFulfil.updOrderRepeatedlyDeliveryV2.path]: w("Updated a delivery of a repeated-delivery order", "更新周期配送"),
  [orderFulfil.batchDeliveryByExcel.path]: w("Shipped orders from a sheet (or checked a sheet)", "批量导入发货（或检查发货表）"),
  [orderFulfil.batchDeliveryByRows.path]: w("Shipped the orders chosen in the list", "批量发货（列表中勾选的订单）"),
  [extract.addPickupPoint.path]: w("Added a pickup point", "新增自提点"),
  [extract.updPickupPoint.path]: w("Edited a pickup point", "编辑自提点"),
  [extract.delPickupPoint.path]: w("Deleted a pickup point", "删除自提点"),
  [extract.verifyPickupCode.path]: w("Handed over a pickup order", "自提核销"),
  [fulfilSupport.complaintInformAdd.path]: w("Reported an order or buyer to the platform", "投诉举报订单或买家"),
  [orderDesk.remindDelivery.path]: w("Reminded a seller to ship an own purchase", "提醒卖家发货（本组织采购）"),
  [orderDesk.deleteSellerAndBuyOrderById.path]: w("Deleted a closed order for seller and buyer", "删除已关闭订单（买卖双方）"),
  // The buyer API's writes: done by buyers, shown in the seller's log where they touch the seller's orders.
  [buyer.sendLoginCode.path]: byBuyer("asked for a login code", "获取登录验证码"),
  [buyer.smsLogin.path]: byBuyer("logged in", "登录"),
  [buyer.logout.path]: byBuyer("logged out", "退出登录"),
  [buyer.addAddress.path]: byBuyer("added an address", "新增收货地址"),
  [buyer.updAddress.path]: byBuyer("changed an address", "修改收货地址"),
  [buyer.delAddress.path]: byBuyer("deleted an address", "删除收货地址"),
  [buyer.saveCartItem.path]: byBuyer("put goods in the cart", "加入购物车"),
  [buyer.delCartItems.path]: byBuyer("took goods out of the cart", "移出购物车"),
  [buyer.submitOrder.path]: byBuyer("placed an order", "下单"),
  [buyer.payOrder.path]: byBuyer("started paying an order", "发起付款"),
  [buyer.cancelOrder.path]: byBuyer("cancelled an order", "取消订单"),
  [buyer.remindDelivery.path]: byBuyer("asked for shipping", "提醒发货"),
  [buyer.confirmReceipt.path]: byBuyer("confirmed receipt", "确认收货"),
  [orderPay.auditVoucherPass.path]: w("Passed a payment voucher", "审核通过付款凭证"),
  [orderPay.auditVoucherReject.path]: w("Rejected a payment voucher", "驳回付款凭证"),
  [orderPay.updVoucherApprovalStatusById.path]: w("Reviewed a payment voucher", "审核付款凭证"),
  [orderPay.retryPaymentRefund.path]: w("Asked again to give a payment back to the buyer", "重试退还买家付款"),
  [orderChange.changeOrderInfo.path]: w("Changed an order's lines", "修改订单商品"),
  [buyerPay.uploadVoucherImage.path]: byBuyer("uploaded a voucher image", "上传凭证图片"),
  [buyerPay.uploadVoucher.path]: byBuyer("gave a payment voucher", "提交付款凭证"),
  [buyerPay.deleteOrder.path]: byBuyer("deleted a closed order", "删除已关闭订单"),
  [ordersLive.retry.path]: w("Pushed a sale order to the ERP again", "重新推送销售单到企业管理系统"),
  [ordersLive.savePushSetting.path]: w("Set the ERP webhook", "设置企业管理系统推送地址"),
  [sellerSettings.setByBoId.path]: w("Saved a setting", "保存设置项"),
  [sellerSettings.delByBoId.path]: w("Deleted a setting", "删除设置项"),
  [invoice.issueInvoice.path]: w("Issued an invoice", "开具发票"),
  [invoice.refuseInvoice.path]: w("Refused an invoice request", "拒绝开票申请"),
  [invoice.addBillInvoiceInfo.path]: w("Added an invoice title of the organisation", "新增本组织发票抬头"),
  [invoice.applyBillInvoice.path]: w("Requested an invoice for an own purchase", "为本组织采购申请开票"),
  [buyerInvoice.addInvoiceTitle.path]: byBuyer("added an invoice title", "新增发票抬头"),
  [buyerInvoice.applyInvoice.path]: byBuyer("requested an invoice", "申请开票"),
  [finance.personBindCard.path]: w("Bound a settlement bank card", "绑定结算银行卡"),
  [finance.getBillNo.path]: w("Took a bill number for a bank signing", "获取银行签约业务单号"),
  [finance.toSign.path]: w("Signed a settlement bank card", "签约结算银行卡"),
  [finance.toUpdSign.path]: w("Changed the settlement bank card", "更换结算银行卡"),
  [finance.removeSign.path]: w("Ended the settlement bank agreement", "解除结算银行卡签约"),
  [finance.unSign.path]: w("Withdrew a bank signing's bill number", "撤销银行签约业务单号"),
  [finance.sendMessage.path]: w("Sent a bank signing's SMS code", "发送银行签约验证码"),
  [media.upload.path]: w("Uploaded a video file", "上传视频文件"),
  [media.add.path]: w("Added a video", "新增视频"),
  [media.update.path]: w("Changed a video (back to review)", "修改视频（重新审核）"),
  [media.updateStatus.path]: w("Put a video on or took it off", "视频上下架"),
  [media.delete.path]: w("Deleted a video", "删除视频"),
  [promotion.addOrUpdatePromotionInfo.path]: w("Saved a percent-off promotion", "保存折扣促销"),
  [promotion.addOrUpdatePromotionBySpec.path]: w("Saved a promotion with SKU prices", "保存规格促销价"),
  [promotion.delPromotionInfo.path]: w("Cancelled or ended a promotion", "取消或结束促销活动"),
  [coupon.addCoupRegular.path]: w("Added a coupon rule", "新增优惠券规则"),
  [coupon.updCoupRegular.path]: w("Edited a coupon rule", "编辑优惠券规则"),
  [coupon.updCoupRegularByRegCode.path]: w("Activated or ended a coupon rule", "生效或结束优惠券规则"),
  [coupon.delCoupRegular.path]: w("Deleted a coupon rule", "删除优惠券规则"),
  [coupon.updUnFrozenCouponOperation.path]: w("Unfroze a coupon", "解冻优惠券"),
  [coupon.updExchangeInvalid.path]: w("Invalidated a coupon", "作废优惠券"),
  [cardPool.addCouponCardPoolRegular.path]: w("Generated a card pool", "生成卡池"),
  [cardPool.updCouponCardPoolRecordInvalid.path]: w("Invalidated a password card", "作废实体卡"),
  [cardPool.updEliminateCardPool.path]: w("Eliminated a card pool", "作废卡池"),
  [buyerCoupon.redeemCard.path]: byBuyer("redeemed a password card", "使用实体卡兑换优惠券"),
  [buyerCoupon.receiveCoupon.path]: byBuyer("received a coupon", "领取优惠券"),
  [buyerCoupon.redeemExchangeCode.path]: byBuyer("redeemed an exchange code", "兑换优惠券"),
  [evaluation.addEvalOrder.path]: w("Evaluated an order the organisation bought", "评价本组织采购的订单"),
  [evaluation.addEvalContent.path]: w("Replied to an evaluation", "回复评价"),
  [buyerEvaluate.addEvalOrder.path]: byBuyer("evaluated an order", "评价订单"),
  [buyerEvaluate.addEvalContent.path]: byBuyer("followed up an evaluation", "追加评价"),
  [afterSale.approveApply.path]: w("Approved an after-sale application", "同意售后申请"),
  [afterSale.rejectApply.path]: w("Rejected an after-sale application", "拒绝售后申请"),
  [afterSale.confirmReceipt.path]: w("Confirmed an after-sale return received", "确认收到售后退货"),
  [afterSale.refundApply.path]: w("Refunded an after-sale", "售后退款"),
  [afterSale.shipExchange.path]: w("Shipped an after-sale exchange", "发出售后换货"),
  [buyerAfterSale.uploadImage.path]: byBuyer("uploaded an after-sale image", "上传售后图片"),
  [buyerAfterSale.apply.path]: byBuyer("applied for an after-sale", "申请售后"),
  [buyerAfterSale.withdraw.path]: byBuyer("withdrew an after-sale application", "撤销售后申请"),
  [buyerAfterSale.shipBack.path]: byBuyer("shipped an after-sale return back", "寄回售后商品"),
};

/** The top-level area of the function tree a function code sits in. */
export function areaOfFunction(code: string): string | null {
  let node = functionTree.find((f) => f.code === code);
  while (node?.parent) {
    const parent = node.parent;
    node = functionTree.find((f) => f.code === parent);
  }
  return node?.kind === "area" ? node.code : null;
}

/** The area a call belongs to: its function's area, or the one its words declare. */
export function auditAreaOf(call: Pick<Call, "path" | "access">): string | null {
  const func = funcOf(call as Call);
  return (func ? areaOfFunction(func) : null) ?? auditCallWords[call.path]?.area ?? null;
}

/** The areas of the function tree, for the area filter. */
export const auditAreas = functionTree.filter((f) => f.kind === "area").map((f) => ({ code: f.code, name: f.name }));

// ---------------------------------------------------------------------------------------------------
// Records and fields

/**
 * How a field's value reads:
 * - `text` (default), `number`: as stored; `bool`: yes/no; `enum`: by `values`;
 * - `money`: integer cents as yuan with 2 decimals; `basisPoints`: 1/100 % as a percentage;
 * - `time`: an instant in local time; `date`: a calendar date;
 * - `secret`: never shown, only that it changed; `idNo`: masked (first 3, last 4);
 * - `hours`: business hours; `function`: a function code by its name; `json`: compact text.
 * A `ref` column holds another record's id: the trigger stores that record's name instead (a list of
 * names for an array of ids; `{ en, zh }` when the other table names its rows in both languages).
 */
export type AuditFieldKind =
  | "text"
  | "number"
  | "bool"
  | "enum"
  | "money"
  | "basisPoints"
  | "time"
  | "date"
  | "secret"
  | "idNo"
  | "hours"
  | "function"
  | "json";

export interface AuditRef {
  table: string;
  /** The column holding the referenced id (default `id`). */
  key?: string;
  name: string;
  /** The column with the English name, when the table names rows in both languages. */
  nameEn?: string;
}

export interface AuditField extends Words {
  kind?: AuditFieldKind;
  values?: Record<string, Words>;
  ref?: AuditRef;
}

export interface AuditRecordType extends Words {
  /**
   * Columns of the row that name it (the first that is not empty), or a lookup through a reference.
   * A `partOf` row has no name of its own: it is named by its parent.
   */
  name?: string[] | { via: string; ref: AuditRef };
  /** The column holding the record's id (default `id`). */
  key?: string;
  /**
   * A row that only links its parent to something else (a staff member's role): its changes are
   * shown on the parent record as a change of this field; `column` holds the parent's id.
   */
  partOf?: { table: string; column: string };
  /** The screen that shows the record; `:id` is replaced by its id. */
  route?: string;
  /** Internal columns of this table besides the ones every table hides. */
  hidden?: string[];
  /**
   * `service`: the record is not in an audited table (a seller's settings may live in Redis), so its service records
   * each change itself (`recordChange`); its table carries no trigger.
   */
  recordedBy?: "service";
  fields: Record<string, AuditField>;
}

/** Columns that are bookkeeping on every table: never shown. */
export const AUDIT_HIDDEN_COLUMNS: readonly string[] = ["id", "bo_id", "created_at", "updated_at"];

const f = (en: string, zh: string, more: Omit<AuditField, "en" | "zh"> = {}): AuditField => ({ en, zh, ...more });
const yesNo: AuditFieldKind = "bool";
const AREA: AuditRef = { table: "area", key: "code", name: "name", nameEn: "name_en" };
const FILE: AuditRef = { table: "stored_file", name: "name" };
const MEMBER: AuditRef = { table: "member", name: "name" };
const enabledValues = { enabled: w("Enabled", "启用"), disabled: w("Disabled", "停用") };
const GOODS: AuditRef = { table: "goods", name: "name" };
/** A SKU is named by its spec values (a list). */
const SKU: AuditRef = { table: "goods_sku", name: "spec_values" };
const GOODS_ROUTE = "/transaction/goodsManage/detailGoods?id=:id";
const byGoods = { via: "goods_id", ref: GOODS };
const FREIGHT_TEMPLATE: AuditRef = { table: "freight_template", name: "name" };
const chargeTypeValues = { piece: w("Piece", "按件"), weight: w("Weight", "按重量"), volume: w("Volume", "按体积") };
const invoiceTypeValues = { ordinary: w("Ordinary VAT invoice", "增值税普通发票"), special: w("Special VAT invoice", "增值税专用发票") };
const goodsStatusValues = { draft: w("Draft", "草稿"), on: w("On shelf", "在售"), off: w("Off shelf", "已下架") };

export const auditRecordTypes: Record<string, AuditRecordType> = {
  order_evaluation: {
    en: "Evaluation",
    zh: "评价",
    key: "order_id",
    route: "/transaction/orderManage/viewOrderEvaluation/:id",
    name: { via: "order_id", ref: { table: "order_info", name: "order_no" } },
    hidden: ["order_id", "shop_id", "buyer_member_id", "evaluator_bo_id"],
    fields: {
      score: f("Score", "评分", { kind: "number" }),
      description_score: f("Description score", "描述相符评分", { kind: "number" }),
      service_score: f("Service score", "服务态度评分", { kind: "number" }),
      logistics_score: f("Logistics score", "物流服务评分", { kind: "number" }),
      line_count: f("Goods evaluated", "评价商品数", { kind: "number" }),
      image_count: f("Images", "图片数", { kind: "number" }),
      followed_up_at: f("Followed up at", "追评时间", { kind: "time" }),
      replied_at: f("Replied at", "回复时间", { kind: "time" }),
    },
  },
  order_evaluation_line: {
    en: "Evaluated goods",
    zh: "商品评价",
    partOf: { table: "order_evaluation", column: "order_id" },
    hidden: ["evaluation_id", "order_id", "order_line_id", "sku_id", "spec_values", "image", "sort"],
    fields: {
      goods_id: f("Goods", "商品", { ref: GOODS }),
      goods_name: f("Goods name", "商品名称"),
      score: f("Score", "评分", { kind: "number" }),
      content: f("Evaluation", "评价内容"),
      images: f("Images", "评价图片", { ref: FILE }),
    },
  },
  order_evaluation_content: {
    en: "Follow-up or reply",
    zh: "追评或回复",
    partOf: { table: "order_evaluation", column: "order_id" },
    hidden: ["evaluation_id", "order_id"],
    fields: {
      kind: f("Kind", "类型", {
        kind: "enum",
        values: { followUp: w("Buyer's follow-up", "买家追评"), reply: w("Shop's reply", "店铺回复") },
      }),
      content: f("Text", "内容"),
      images: f("Images", "图片", { ref: FILE }),
      author_member_id: f("Written by", "填写人", { ref: MEMBER }),
    },
  },
  shop: {
    en: "Shop",
    zh: "店铺",
    name: ["name"],
    route: "/transaction/shopManage",
    fields: {
      name: f("Name", "店铺名称"),
      brand: f("Brand", "品牌"),
      status: f("Status", "状态", {
        kind: "enum",
        values: { opening: w("Being opened", "开店中"), open: w("Open", "营业中"), closed: w("Closed", "已关闭") },
      }),
      logo_file_id: f("Logo", "店铺标志", { ref: FILE }),
      intro: f("Introduction", "店铺简介"),
      contact_name: f("Contact", "联系人"),
      contact_phone: f("Contact phone", "联系电话"),
      service_phone: f("Service phone", "客服电话"),
      area_code: f("Area", "所在地区", { ref: AREA }),
      address: f("Address", "详细地址"),
      main_category_id: f("Main category", "主营类目", { ref: { table: "category", name: "name", nameEn: "name_en" } }),
      opened_at: f("Opened at", "开店时间", { kind: "time" }),
      closed_at: f("Closed at", "关闭时间", { kind: "time" }),
      closed_reason: f("Reason for closing", "关闭原因"),
    },
  },
  erp_webhook: {
    en: "ERP webhook",
    zh: "企业管理系统推送设置",
    name: ["url"],
    key: "bo_id",
    route: "/transaction/pushSaleOrderManage",
    hidden: ["secret"],
    fields: {
      url: f("Webhook address", "推送地址"),
      enabled: f("On", "启用", { kind: yesNo }),
    },
  },
  shop_setting: {
    en: "Shop settings",
    zh: "店铺设置",
    name: { via: "shop_id", ref: { table: "shop", name: "name" } },
    key: "shop_id",
    route: "/transaction/shopSetting",
    hidden: ["shop_id"],
    fields: {
      business_hours: f("Business hours", "营业时间", { kind: "hours" }),
      accepting_orders: f("Taking orders", "接单", { kind: yesNo }),
      notice: f("Notice", "店铺公告"),
      auto_confirm_days: f("Days before receipt is confirmed", "自动确认收货天数", { kind: "number" }),
      auto_close_minutes: f("Minutes before an unpaid order closes", "未付款订单自动关闭分钟数", { kind: "number" }),
      after_sale_auto_approve_days: f("Days before an after-sale is approved", "售后自动同意天数", { kind: "number" }),
      time_zone: f("Time zone", "时区"),
      invoice: f("Invoices", "发票", {
        kind: "enum",
        values: { none: w("None", "不开发票"), ordinary: w("Ordinary invoice", "普通发票"), vat: w("VAT invoice", "增值税专用发票") },
      }),
      self_pickup: f("Self-pickup", "支持自提", { kind: yesNo }),
    },
  },
  organization: {
    en: "Organisation",
    zh: "组织",
    name: ["name"],
    route: "/transaction/setup/enterpriseInfo",
    fields: { name: f("Name", "名称") },
  },
  org_enterprise: {
    en: "Enterprise information",
    zh: "企业信息",
    name: { via: "bo_id", ref: { table: "organization", name: "name" } },
    key: "bo_id",
    route: "/transaction/setup/enterpriseInfo",
    fields: {
      short_name: f("Short name", "企业简称"),
      credit_code: f("Unified social credit code", "统一社会信用代码"),
      legal_person_name: f("Legal person", "法人姓名"),
      legal_person_id_no: f("Legal person's ID number", "法人身份证号", { kind: "idNo" }),
      licence_file_id: f("Business licence", "营业执照", { ref: FILE }),
      id_front_file_id: f("ID card (front)", "身份证人像面", { ref: FILE }),
      id_back_file_id: f("ID card (back)", "身份证国徽面", { ref: FILE }),
      area_code: f("Area", "所在地区", { ref: AREA }),
      address: f("Address", "详细地址"),
      industry: f("Industry", "所属行业"),
      contact_name: f("Contact", "联系人"),
      contact_phone: f("Contact phone", "联系电话"),
      contact_email: f("Contact email", "联系邮箱"),
      intro: f("Introduction", "企业简介"),
      verification_status: f("Verification", "认证状态", {
        kind: "enum",
        values: { unverified: w("Not verified", "未认证"), verified: w("Verified", "已认证") },
      }),
      verified_at: f("Verified at", "认证时间", { kind: "time" }),
    },
  },
  member: {
    en: "Account",
    zh: "账号",
    name: ["name", "login_name"],
    hidden: ["failed_logins", "locked_until", "last_login_at"],
    fields: {
      login_name: f("Login name", "登录名"),
      phone: f("Mobile phone", "手机号"),
      buyer_phone: f("Shopping login phone", "购物登录手机号"),
      name: f("Name", "姓名"),
      password_hash: f("Password", "登录密码", { kind: "secret" }),
      enabled: f("Can log in", "可登录", { kind: yesNo }),
      password_changed_at: f("Password changed at", "密码修改时间", { kind: "time" }),
    },
  },
  employee: {
    en: "Staff member",
    zh: "员工",
    name: { via: "member_id", ref: MEMBER },
    route: "/transaction/setup/member/update/:id",
    fields: {
      member_id: f("Account", "账号", { ref: MEMBER }),
      is_owner: f("Owner", "店主", { kind: yesNo }),
      enabled: f("Enabled", "启用", { kind: yesNo }),
    },
  },
  employee_role: {
    en: "Staff member's role",
    zh: "员工角色",
    partOf: { table: "employee", column: "employee_id" },
    hidden: ["employee_id"],
    fields: { role_id: f("Roles", "角色", { ref: { table: "role", name: "name" } }) },
  },
  employee_base: {
    en: "Staff member's base",
    zh: "员工基地",
    partOf: { table: "employee", column: "employee_id" },
    hidden: ["employee_id"],
    fields: { base_id: f("Bases", "基地", { ref: { table: "base", name: "name" } }) },
  },
  staff_profile: {
    en: "Staff member's profession",
    zh: "员工职业",
    partOf: { table: "employee", column: "employee_id" },
    hidden: ["employee_id"],
    fields: { profession_id: f("Profession", "职业", { ref: { table: "profession", name: "name", nameEn: "name_en" } }) },
  },
  staff_invitation: {
    en: "Staff invitation",
    zh: "员工邀请",
    name: { via: "member_id", ref: MEMBER },
    route: "/transaction/setup/member",
    fields: {
      member_id: f("Invited account", "受邀账号", { ref: MEMBER }),
      invited_by: f("Invited by", "邀请人", { ref: MEMBER }),
      role_ids: f("Roles", "角色", { ref: { table: "role", name: "name" } }),
      profession_id: f("Profession", "职业", { ref: { table: "profession", name: "name", nameEn: "name_en" } }),
      base_ids: f("Bases", "基地", { ref: { table: "base", name: "name" } }),
      state: f("State", "状态", {
        kind: "enum",
        values: {
          pending: w("Waiting for an answer", "待答复"),
          accepted: w("Accepted", "已接受"),
          declined: w("Declined", "已拒绝"),
          cancelled: w("Cancelled", "已取消"),
        },
      }),
      decided_at: f("Answered", "答复时间", { kind: "time" }),
    },
  },
  unconfirmed_phone: {
    en: "Phone waiting for its holder's confirmation",
    zh: "待本人确认的手机号",
    name: { via: "member_id", ref: MEMBER },
    key: "member_id",
    route: "/transaction/setup/member",
    hidden: ["member_id"],
    fields: {
      phone: f("Phone", "手机号"),
      set_by: f("Set by", "设置人", { ref: MEMBER }),
    },
  },
  role: {
    en: "Role",
    zh: "角色",
    name: ["name"],
    route: "/transaction/setup/member?tab=roles",
    fields: { name: f("Name", "角色名称"), description: f("Description", "角色说明") },
  },
  role_function: {
    en: "Role's function",
    zh: "角色权限",
    partOf: { table: "role", column: "role_id" },
    hidden: ["role_id"],
    fields: { func_code: f("Functions", "功能权限", { kind: "function" }) },
  },
  manufacturer: {
    en: "Manufacturer",
    zh: "厂商",
    name: ["name"],
    fields: { name: f("Name", "名称"), code: f("Code", "编码") },
  },
  profession: {
    en: "Profession",
    zh: "职业",
    name: ["name"],
    fields: { name: f("Name", "名称"), name_en: f("English name", "英文名称") },
  },
  base: {
    en: "Base",
    zh: "基地",
    name: ["name"],
    route: "/transaction/setup/member?tab=bases",
    fields: {
      name: f("Name", "基地名称"),
      kind: f("Kind", "类型", {
        kind: "enum",
        values: { farm: w("Farm", "农场"), site: w("Site", "场地"), warehouse: w("Warehouse", "仓库") },
      }),
      area_code: f("Area", "所在地区", { ref: AREA }),
      address: f("Address", "详细地址"),
      enabled: f("Enabled", "启用", { kind: yesNo }),
    },
  },
  seller_address: {
    en: "Address",
    zh: "地址",
    name: ["contact_name", "detail"],
    route: "/transaction/shopSetting",
    fields: {
      type: f("Kind", "地址类型", {
        kind: "enum",
        values: { shipping: w("Shipping", "发货地址"), return: w("Returns", "退货地址"), pickup: w("Pickup point", "自提点") },
      }),
      contact_name: f("Contact", "联系人"),
      phone: f("Phone", "联系电话"),
      province_code: f("Province", "省份", { ref: AREA }),
      city_code: f("City", "城市", { ref: AREA }),
      district_code: f("District", "区县", { ref: AREA }),
      detail: f("Address", "详细地址"),
      postcode: f("Postcode", "邮编"),
      latitude: f("Latitude", "纬度", { kind: "number" }),
      longitude: f("Longitude", "经度", { kind: "number" }),
      open_time: f("Opens at", "开始营业"),
      close_time: f("Closes at", "结束营业"),
      is_default: f("Default", "默认地址", { kind: yesNo }),
    },
  },
  data_temp: {
    en: "Saved template",
    zh: "保存的模板",
    name: ["name"],
    hidden: ["member_id"],
    fields: {
      type: f("Kind", "模板类型", {
        kind: "enum",
        values: {
          "memberList.filters": w("Member list filters", "会员列表筛选条件"),
          "memberList.exportColumns": w("Member export columns", "会员导出列"),
        },
      }),
      name: f("Name", "模板名称"),
      content: f("Content", "内容", { kind: "json" }),
    },
  },
  member_rank: {
    en: "Member rank",
    zh: "会员等级",
    name: ["name"],
    route: "/transaction/setup/rank/member?tab=ranks",
    fields: {
      name: f("Name", "等级名称"),
      level: f("Level", "等级", { kind: "number" }),
      threshold_type: f("Reached by", "升级依据", {
        kind: "enum",
        values: { spend: w("Spending", "累计消费"), points: w("Points", "积分") },
      }),
      threshold_value: f("Threshold", "升级门槛", { kind: "number" }),
      discount: f("Price paid", "折扣（实付比例）", { kind: "basisPoints" }),
      benefits: f("Benefits", "等级权益"),
    },
  },
  member_tag: {
    en: "Member tag",
    zh: "会员标签",
    name: ["name"],
    route: "/transaction/setup/rank/member?tab=tags",
    fields: { name: f("Name", "标签名称"), color: f("Colour", "颜色") },
  },
  recharge_promotion: {
    en: "Recharge offer",
    zh: "充值活动",
    name: ["name"],
    route: "/transaction/setup/rank/member?tab=recharge",
    fields: {
      name: f("Name", "活动名称"),
      pay_amount: f("Amount paid", "充值金额", { kind: "money" }),
      bonus_amount: f("Bonus amount", "赠送金额", { kind: "money" }),
      bonus_points: f("Bonus points", "赠送积分", { kind: "number" }),
      valid_from: f("Starts", "开始时间", { kind: "time" }),
      valid_to: f("Ends", "结束时间", { kind: "time" }),
      status: f("Status", "状态", {
        kind: "enum",
        values: { draft: w("Draft", "草稿"), active: w("Running", "进行中"), ended: w("Ended", "已结束") },
      }),
      rank_ids: f("Ranks", "适用等级", { ref: { table: "member_rank", name: "name" } }),
    },
  },
  shop_member: {
    en: "Member",
    zh: "会员",
    name: ["name", "member_no"],
    route: "/transaction/setup/rank/member/detail/:id",
    fields: {
      member_no: f("Member number", "会员编号"),
      name: f("Name", "姓名"),
      phone: f("Mobile phone", "手机号"),
      gender: f("Gender", "性别", { kind: "enum", values: { male: w("Male", "男"), female: w("Female", "女") } }),
      birthday: f("Birthday", "生日", { kind: "date" }),
      rank_id: f("Rank", "会员等级", { ref: { table: "member_rank", name: "name" } }),
      points: f("Points", "积分", { kind: "number" }),
      total_spend: f("Total spending", "累计消费", { kind: "money" }),
      order_count: f("Orders", "订单数", { kind: "number" }),
      last_order_at: f("Last order", "最近下单时间", { kind: "time" }),
      joined_at: f("Joined", "入会时间", { kind: "time" }),
      status: f("Status", "状态", { kind: "enum", values: { active: w("Active", "正常"), frozen: w("Frozen", "冻结") } }),
      remark: f("Remark", "备注"),
      source: f("Source", "来源", {
        kind: "enum",
        values: { miniapp: w("Mini program", "小程序"), store: w("In store", "门店"), import: w("Imported", "导入") },
      }),
    },
  },
  shop_member_tag: {
    en: "Member's tag",
    zh: "会员标签",
    partOf: { table: "shop_member", column: "member_id" },
    hidden: ["member_id"],
    fields: { tag_id: f("Tags", "标签", { ref: { table: "member_tag", name: "name" } }) },
  },
  shop_supplier: {
    en: "Supplier",
    zh: "供应商",
    name: ["name"],
    route: "/transaction/shopSupplier",
    hidden: ["shop_id"],
    fields: {
      kind: f("Kind", "供应商类型", {
        kind: "enum",
        values: { purchase: w("Purchase supplier", "采购供应商"), authorised: w("Authorised supplier", "授权供应商") },
      }),
      name: f("Name", "供应商名称"),
      contact_name: f("Contact", "联系人"),
      phone: f("Phone", "联系电话"),
      address: f("Address", "地址"),
      category_ids: f("Categories", "供货类目", { ref: { table: "category", name: "name", nameEn: "name_en" } }),
      consent: f("Authorisation answer", "授权答复", {
        kind: "enum",
        values: { pending: w("Waiting for an answer", "待答复"), accepted: w("Accepted", "已接受"), declined: w("Declined", "已拒绝") },
      }),
      consent_at: f("Answered", "答复时间", { kind: "time" }),
      consent_by: f("Answered by", "答复人", { ref: MEMBER }),
      settlement: f("Settlement", "结算方式", {
        kind: "enum",
        values: { cash: w("Cash", "现结"), weekly: w("Weekly", "周结"), monthly: w("Monthly", "月结") },
      }),
      status: f("Status", "状态", { kind: "enum", values: enabledValues }),
      remark: f("Remark", "备注"),
      supplier_bo_id: f("Supplier's organisation", "供应商组织", { ref: { table: "organization", name: "name" } }),
      valid_from: f("Valid from", "有效期开始", { kind: "date" }),
      valid_to: f("Valid to", "有效期结束", { kind: "date" }),
    },
  },
  shop_supplier_member: {
    en: "Supplier account",
    zh: "供应商账号",
    name: { via: "member_id", ref: MEMBER },
    route: "/transaction/shopAuthSupplier",
    fields: {
      supplier_id: f("Supplier", "供应商", { ref: { table: "shop_supplier", name: "name" } }),
      member_id: f("Account", "账号", { ref: MEMBER }),
      role: f("Duty", "职责", {
        kind: "enum",
        values: { sales: w("Sales", "销售"), finance: w("Finance", "财务"), logistics: w("Logistics", "物流"), other: w("Other", "其他") },
      }),
      enabled: f("Enabled", "启用", { kind: yesNo }),
    },
  },
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
        values: { goods: w("Goods", "商品"), serviceOffer: w("Service offered", "服务供应"), serviceWant: w("Service wanted", "服务需求") },
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
  order_info: {
    en: "Order",
    zh: "订单",
    name: ["order_no"],
    route: "/transaction/orderManage/orderDetailSeller/:id",
    // goods_doc: the lines' goods names as search words, kept by the database for the list's keyword.
    hidden: ["shop_id", "buyer_member_id", "order_no", "goods_doc"],
    fields: {
      buyer_bo_id: f("Bought for", "采购组织", { ref: { table: "organization", name: "name" } }),
      status: f("Status", "状态", {
        kind: "enum",
        values: {
          pendingPayment: w("Pending payment", "待付款"),
          paid: w("Paid", "已付款"),
          partlyShipped: w("Partly shipped", "部分发货"),
          shipped: w("Shipped", "已发货"),
          received: w("Received", "已收货"),
          completed: w("Completed", "已完成"),
          cancelled: w("Cancelled", "已取消"),
        },
      }),
      goods_amount: f("Goods amount", "商品金额", { kind: "money" }),
      freight_amount: f("Freight", "运费", { kind: "money" }),
      discount_amount: f("Discount", "优惠金额", { kind: "money" }),
      revise_amount: f("Price revision", "改价金额", { kind: "money" }),
      pay_amount: f("Amount to pay", "应付金额", { kind: "money" }),
      pay_method: f("Paid by", "支付方式", {
        kind: "enum",
        values: { online: w("Online", "在线支付"), offline: w("Offline transfer", "线下转账") },
      }),
      address: f("Delivery address", "收货地址", { kind: "json" }),
      buyer_remark: f("Buyer's remark", "买家留言"),
      seller_remark: f("Seller's remark", "卖家备注"),
      flag_color: f("Flag", "标记颜色"),
      cancel_reason: f("Reason for cancelling", "取消原因"),
      cancelled_by: f("Cancelled by", "取消方", {
        kind: "enum",
        values: { buyer: w("Buyer", "买家"), seller: w("Seller", "卖家"), system: w("System", "系统") },
      }),
      paid_at: f("Paid at", "付款时间", { kind: "time" }),
      shipped_at: f("Shipped at", "发货时间", { kind: "time" }),
      received_at: f("Received at", "收货时间", { kind: "time" }),
      completed_at: f("Completed at", "完成时间", { kind: "time" }),
      cancelled_at: f("Cancelled at", "取消时间", { kind: "time" }),
      remind_count: f("Reminders", "催发货次数", { kind: "number" }),
      reminded_at: f("Last reminded at", "最近催发货时间", { kind: "time" }),
      seller_deleted_at: f("Deleted by the seller at", "卖家删除时间", { kind: "time" }),
      buyer_deleted_at: f("Deleted by the buyer at", "买家删除时间", { kind: "time" }),
      refunded_amount: f("Refunded", "已退款金额", { kind: "money" }),
    },
  },
  after_sale_apply: {
    en: "After-sale",
    zh: "售后单",
    name: ["after_sale_no"],
    route: "/transaction/orderAfterManage/orderDetailSeller/:id",
    hidden: ["shop_id", "order_id", "line_id", "buyer_member_id", "after_sale_no"],
    fields: {
      type: f("Type", "售后类型", {
        kind: "enum",
        values: {
          refundOnly: w("Refund only", "仅退款"),
          returnRefund: w("Return and refund", "退货退款"),
          exchange: w("Exchange", "换货"),
        },
      }),
      state: f("State", "售后状态", {
        kind: "enum",
        values: {
          applied: w("Awaiting a decision", "待审核"),
          approved: w("Approved", "已同意"),
          rejected: w("Rejected", "已拒绝"),
          withdrawn: w("Withdrawn", "已撤销"),
          buyerShipped: w("Returned by the buyer", "买家已退回"),
          received: w("Received back", "已收到退货"),
          refunded: w("Refunded", "已退款"),
          exchangeShipped: w("Exchange shipped", "换货已发出"),
        },
      }),
      quantity: f("Quantity", "数量", { kind: "number" }),
      amount: f("Refund amount", "退款金额", { kind: "money" }),
      reason_code: f("Reason", "售后原因"),
      description: f("Description", "问题描述"),
      images: f("Images", "图片", { kind: "json" }),
      reject_reason: f("Reason for rejecting", "拒绝原因"),
      auto_approved: f("Approved automatically", "自动同意", { kind: yesNo }),
      return_express_code: f("Return logistics company", "退货物流公司"),
      return_tracking_no: f("Return tracking number", "退货运单号"),
      exchange_express_code: f("Exchange logistics company", "换货物流公司"),
      exchange_tracking_no: f("Exchange tracking number", "换货运单号"),
      decided_at: f("Decided at", "处理时间", { kind: "time" }),
      buyer_shipped_at: f("Returned at", "退回时间", { kind: "time" }),
      received_at: f("Received back at", "收到退货时间", { kind: "time" }),
      refunded_at: f("Refunded at", "退款时间", { kind: "time" }),
      exchange_shipped_at: f("Exchange shipped at", "换货发出时间", { kind: "time" }),
    },
  },
  order_refund: {
    en: "Refund",
    zh: "退款记录",
    partOf: { table: "order_info", column: "order_id" },
    hidden: ["order_id", "after_sale_id", "provider_ref"],
    fields: {
      amount: f("Amount", "金额", { kind: "money" }),
      provider: f("Provider", "支付渠道"),
    },
  },
  order_line: {
    en: "Order line",
    zh: "订单商品",
    partOf: { table: "order_info", column: "order_id" },
    hidden: ["order_id", "goods_id", "sku_id", "image", "batches", "sort", "price_source"],
    fields: {
      goods_name: f("Goods", "商品名称"),
      spec_values: f("Specs", "规格", { kind: "json" }),
      unit_price: f("Unit price", "单价", { kind: "money" }),
      quantity: f("Quantity", "数量", { kind: "number" }),
      amount: f("Amount", "金额", { kind: "money" }),
      revised_amount: f("Revised amount", "改价后金额", { kind: "money" }),
      shipped_quantity: f("Shipped", "已发货数量", { kind: "number" }),
    },
  },
  order_shipment: {
    en: "Shipment",
    zh: "发货记录",
    partOf: { table: "order_info", column: "order_id" },
    hidden: ["order_id", "lines"],
    fields: {
      express_code: f("Logistics company", "物流公司", { ref: { table: "dict_item", key: "code", name: "name", nameEn: "name_en" } }),
      tracking_no: f("Tracking number", "运单号"),
      shipped_at: f("Shipped at", "发货时间", { kind: "time" }),
    },
  },
  order_fulfil: {
    en: "Delivery method",
    zh: "配送方式",
    partOf: { table: "order_info", column: "order_id" },
    hidden: ["order_id", "pickup_code"],
    fields: {
      mode: f("Delivered by", "配送方式", {
        kind: "enum",
        values: { repeated: w("Repeated delivery", "周期配送"), pickup: w("Self-pickup", "到店自提") },
      }),
      repeat_times: f("Deliveries", "配送次数", { kind: "number" }),
      repeat_every_days: f("Every (days)", "间隔天数", { kind: "number" }),
      pickup_point: f("Pickup point", "自提点", { kind: "json" }),
      picked_up_at: f("Picked up at", "提货时间", { kind: "time" }),
    },
  },
  order_delivery_round: {
    en: "Planned delivery",
    zh: "周期配送",
    partOf: { table: "order_info", column: "order_id" },
    hidden: ["order_id", "lines", "shipment_id"],
    fields: {
      seq: f("Delivery number", "配送序号", { kind: "number" }),
      planned_on: f("Planned for", "计划配送日期"),
      status: f("Status", "状态", {
        kind: "enum",
        values: { planned: w("Planned", "待配送"), shipped: w("Shipped", "已发货"), delivered: w("Delivered", "已送达") },
      }),
      express_code: f("Logistics company", "物流公司", { ref: { table: "dict_item", key: "code", name: "name", nameEn: "name_en" } }),
      tracking_no: f("Tracking number", "运单号"),
      remark: f("Remark", "备注"),
      shipped_at: f("Shipped at", "发货时间", { kind: "time" }),
      delivered_at: f("Delivered at", "送达时间", { kind: "time" }),
    },
  },
  complaint_inform: {
    en: "Complaint to the platform",
    zh: "投诉举报",
    partOf: { table: "order_info", column: "order_id" },
    hidden: ["order_id", "member_id", "buyer_member_id"],
    fields: {
      about: f("About", "投诉对象", { kind: "enum", values: { order: w("The order", "订单"), buyer: w("The buyer", "买家") } }),
      category: f("Category", "类别", {
        kind: "enum",
        values: {
          fraud: w("Fraud", "欺诈"),
          abuse: w("Abuse", "辱骂骚扰"),
          maliciousReturn: w("Malicious return", "恶意退货"),
          fakeAddress: w("Fake address", "虚假地址"),
          other: w("Other", "其他"),
        },
      }),
      content: f("What happened", "投诉内容"),
      status: f("Status", "状态", { kind: "enum", values: { submitted: w("Submitted", "已提交") } }),
    },
  },
  order_payment: {
    en: "Payment",
    zh: "支付记录",
    partOf: { table: "order_info", column: "order_id" },
    hidden: ["order_id", "buyer_member_id", "provider_ref"],
    fields: {
      method: f("Method", "支付方式", {
        kind: "enum",
        values: { online: w("Online", "在线支付"), offline: w("Offline transfer", "线下转账") },
      }),
      provider: f("Provider", "支付渠道"),
      amount: f("Amount", "金额", { kind: "money" }),
      status: f("Status", "状态", {
        kind: "enum",
        values: {
          pending: w("Pending", "待支付"),
          succeeded: w("Succeeded", "支付成功"),
          failed: w("Failed", "支付失败"),
          reviewing: w("In review", "审核中"),
          passed: w("Passed", "已通过"),
          rejected: w("Rejected", "已驳回"),
        },
      }),
      voucher_file_id: f("Voucher", "付款凭证", { ref: FILE }),
      payer_name: f("Payer", "付款人"),
      bank_ref: f("Bank reference", "银行流水号"),
      reject_reason: f("Reason for rejecting", "驳回原因"),
      settled_at: f("Settled at", "完成时间", { kind: "time" }),
    },
  },
  payment_refund: {
    en: "Payment given back",
    zh: "退还付款",
    partOf: { table: "order_info", column: "order_id" },
    hidden: ["order_id", "payment_id", "provider_ref", "last_error"],
    fields: {
      reason: f("Why it is given back", "退还原因", {
        kind: "enum",
        values: {
          alreadyPaid: w("Order already paid", "订单已付款"),
          cancelled: w("Order cancelled", "订单已取消"),
          amountChanged: w("Order amount changed", "订单金额已变更"),
        },
      }),
      status: f("Status", "状态", {
        kind: "enum",
        values: { due: w("Refund due", "待退款"), refunded: w("Refunded", "已退款") },
      }),
      amount: f("Amount", "金额", { kind: "money" }),
      provider: f("Provider", "支付渠道"),
      failed_attempts: f("Failed attempts", "失败次数", { kind: "number" }),
      last_attempt_at: f("Last attempt at", "最近尝试时间", { kind: "time" }),
      refunded_at: f("Refunded at", "退款时间", { kind: "time" }),
    },
  },
  finance_bank_card: {
    en: "Settlement bank card",
    zh: "结算银行卡",
    name: ["bank_name"],
    route: "/transaction/finance/index",
    hidden: [],
    fields: {
      holder_name: f("Holder", "持卡人"),
      bank_name: f("Bank", "开户银行"),
      card_no: f("Card number", "银行卡号", { kind: "secret" }),
      state: f("State", "状态", {
        kind: "enum",
        values: { active: w("In use", "使用中"), replaced: w("Replaced", "已更换"), removed: w("Removed", "已解约") },
      }),
      sign_no: f("Agreement number", "签约协议号"),
      bill_no: f("Bill number", "业务单号"),
      signed_at: f("Signed at", "签约时间", { kind: "time" }),
      ended_at: f("Ended at", "结束时间", { kind: "time" }),
    },
  },
  finance_bill: {
    en: "Bank signing bill",
    zh: "银行签约业务单",
    name: ["bill_no"],
    route: "/transaction/finance/index",
    hidden: [],
    fields: {
      bill_no: f("Bill number", "业务单号"),
      state: f("State", "状态", {
        kind: "enum",
        values: { issued: w("Issued", "已获取"), used: w("Used", "已使用"), withdrawn: w("Withdrawn", "已撤销") },
      }),
      expires_at: f("Expires at", "过期时间", { kind: "time" }),
      used_at: f("Used at", "使用时间", { kind: "time" }),
    },
  },
  settlement_bank_request: {
    en: "Settlement bank request",
    zh: "结算银行请求",
    name: ["sign_no"],
    route: "/transaction/finance/index",
    hidden: [],
    fields: {
      action: f("Request", "请求", {
        kind: "enum",
        values: { sign: w("Sign", "签约"), update: w("Change card", "更换银行卡"), remove: w("Remove", "解约") },
      }),
      bill_no: f("Bill number", "业务单号"),
      sign_no: f("Agreement number", "签约协议号"),
      card_last4: f("Card's last four digits", "卡号后四位"),
    },
  },
  media_video: {
    en: "Video",
    zh: "视频",
    name: ["title"],
    route: "/transaction/video/edit?id=:id",
    hidden: ["shop_id", "created_by"],
    fields: {
      title: f("Title", "标题"),
      cover_file_id: f("Cover", "封面", { ref: FILE }),
      video_file_id: f("Video file", "视频文件", { ref: FILE }),
      duration_seconds: f("Duration (s)", "时长（秒）", { kind: "number" }),
      state: f("Review", "审核状态", {
        kind: "enum",
        values: { pending: w("Pending review", "待审核"), approved: w("Approved", "已通过"), rejected: w("Rejected", "未通过") },
      }),
      reject_reason: f("Reason rejected", "未通过原因"),
      on: f("On", "上架", { kind: yesNo }),
      goods_ids: f("Linked goods", "关联商品", { kind: "json" }),
      reviewed_at: f("Reviewed at", "审核时间", { kind: "time" }),
    },
  },
  promotion: {
    en: "Promotion",
    zh: "促销活动",
    name: ["name"],
    route: "/transaction/promotionManage/detailPromotion/:id",
    hidden: ["shop_id", "created_by"],
    fields: {
      name: f("Name", "活动名称"),
      kind: f("Kind", "促销方式", {
        kind: "enum",
        values: { percent: w("Percent off", "折扣"), price: w("Price per SKU", "规格促销价") },
      }),
      percent_off: f("Percent off", "折扣百分比", { kind: "number" }),
      starts_at: f("Starts at", "开始时间", { kind: "time" }),
      ends_at: f("Ends at", "结束时间", { kind: "time" }),
      per_buyer_limit: f("Limit per buyer", "每人限购", { kind: "number" }),
      cancelled_at: f("Cancelled at", "取消时间", { kind: "time" }),
    },
  },
  promotion_sku: {
    en: "Promoted SKU",
    zh: "促销规格",
    partOf: { table: "promotion", column: "promotion_id" },
    hidden: ["promotion_id"],
    fields: {
      goods_id: f("Item", "商品", { ref: GOODS }),
      sku_id: f("SKU", "规格", { ref: SKU }),
      price: f("Promotion price", "促销价", { kind: "money" }),
    },
  },
  coupon_rule: {
    en: "Coupon rule",
    zh: "优惠券规则",
    name: ["name"],
    route: "/transaction/shopTicket",
    hidden: ["shop_id", "issued_quantity", "used_quantity"],
    fields: {
      reg_code: f("Rule code", "规则编码"),
      kind: f("Kind", "类型", {
        kind: "enum",
        values: { coupon: w("Coupon", "优惠券"), exchange: w("Exchange voucher", "兑换券"), card: w("Password card", "实体卡") },
      }),
      name: f("Name", "名称"),
      description: f("Description", "说明"),
      discount_type: f("Discount type", "优惠类型", {
        kind: "enum",
        values: { amount: w("Amount off", "立减"), percent: w("Percent off", "折扣"), threshold: w("Spend and save", "满减") },
      }),
      amount: f("Amount off", "减免金额", { kind: "money" }),
      percent_off: f("Percent off", "折扣比例", { kind: "number" }),
      max_discount: f("Largest discount", "最高优惠", { kind: "money" }),
      min_spend: f("Minimum spend", "使用门槛", { kind: "money" }),
      validity_type: f("Validity", "有效期类型", {
        kind: "enum",
        values: { fixed: w("Fixed dates", "固定日期"), days: w("Days after receipt", "领取后天数") },
      }),
      valid_from: f("Valid from", "生效时间", { kind: "time" }),
      valid_to: f("Valid to", "失效时间", { kind: "time" }),
      valid_days: f("Valid days", "有效天数", { kind: "number" }),
      total_quantity: f("Total quantity", "发放总量", { kind: "number" }),
      per_member_limit: f("Limit per buyer", "每人限领", { kind: "number" }),
      goods_scope: f("Goods", "适用商品", {
        kind: "enum",
        values: { all: w("All goods", "全部商品"), goods: w("Chosen goods", "指定商品") },
      }),
      goods_ids: f("Chosen goods", "指定商品", { ref: GOODS }),
      exchange_code: f("Exchange code", "兑换码"),
      state: f("State", "状态", {
        kind: "enum",
        values: { draft: w("Draft", "草稿"), active: w("Active", "已生效"), ended: w("Ended", "已结束") },
      }),
    },
  },
  coupon: {
    en: "Coupon",
    zh: "优惠券",
    name: { via: "rule_id", ref: { table: "coupon_rule", name: "name" } },
    hidden: ["member_id", "order_id", "frozen_at"],
    fields: {
      rule_id: f("Coupon rule", "优惠券规则", { ref: { table: "coupon_rule", name: "name" } }),
      source: f("Received by", "领取方式", {
        kind: "enum",
        values: { receive: w("Receiving", "领取"), exchange: w("Exchange code", "兑换码"), card: w("Password card", "实体卡") },
      }),
      state: f("State", "状态", {
        kind: "enum",
        values: {
          unused: w("Unused", "未使用"),
          frozen: w("Frozen", "已冻结"),
          used: w("Used", "已使用"),
          invalid: w("Invalid", "已作废"),
        },
      }),
      valid_from: f("Valid from", "生效时间", { kind: "time" }),
      valid_to: f("Valid to", "失效时间", { kind: "time" }),
      order_no: f("Order", "订单号"),
      discount_amount: f("Discount", "优惠金额", { kind: "money" }),
      used_at: f("Used at", "使用时间", { kind: "time" }),
      invalidated_at: f("Invalidated at", "作废时间", { kind: "time" }),
    },
  },
  coupon_card_pool: {
    en: "Card pool",
    zh: "卡池",
    name: ["name"],
    route: "/transaction/cardPool/entityCardsPool/detail?id=:id",
    hidden: ["shop_id"],
    fields: {
      name: f("Name", "名称"),
      rule_id: f("Coupon rule", "优惠券规则", { ref: { table: "coupon_rule", name: "name" } }),
      quantity: f("Cards", "卡数量", { kind: "number" }),
      state: f("State", "状态", { kind: "enum", values: { active: w("Active", "正常"), eliminated: w("Eliminated", "已作废") } }),
      exported_at: f("Exported at", "导出时间", { kind: "time" }),
    },
  },
  coupon_card: {
    en: "Password card",
    zh: "实体卡",
    name: ["card_no"],
    hidden: ["pool_id", "member_id", "coupon_id", "password_hash", "password_plain"],
    fields: {
      card_no: f("Card number", "卡号"),
      state: f("State", "状态", {
        kind: "enum",
        values: { unused: w("Unused", "未使用"), redeemed: w("Redeemed", "已兑换"), invalid: w("Invalid", "已作废") },
      }),
      redeemed_at: f("Redeemed at", "兑换时间", { kind: "time" }),
      invalidated_at: f("Invalidated at", "作废时间", { kind: "time" }),
    },
  },
  invoice_title: {
    en: "Invoice title",
    zh: "发票抬头",
    name: ["name"],
    route: "/transaction/invoice/invoiceList",
    hidden: ["member_id"],
    fields: {
      kind: f("Title kind", "抬头类型", { kind: "enum", values: { personal: w("Personal", "个人"), company: w("Company", "单位") } }),
      name: f("Title", "发票抬头"),
      tax_no: f("Taxpayer number", "纳税人识别号"),
      invoice_type: f("Invoice type", "发票类型", { kind: "enum", values: invoiceTypeValues }),
      bank_name: f("Bank", "开户银行"),
      bank_account: f("Bank account", "银行账号"),
      registered_address: f("Registered address", "注册地址"),
      registered_phone: f("Registered phone", "注册电话"),
      email: f("E-invoice e-mail", "电子发票接收邮箱"),
    },
  },
  invoice_request: {
    en: "Invoice request",
    zh: "开票申请",
    name: ["order_no"],
    route: "/transaction/invoice/invoiceList/invoiceDetails?id=:id",
    hidden: ["shop_id", "order_id", "buyer_member_id", "requester_bo_id", "title_id", "decided_by"],
    fields: {
      order_no: f("Order", "订单号"),
      requested_by: f("Requested by", "申请方", {
        kind: "enum",
        values: { buyer: w("Buyer", "买家"), organization: w("Organisation (own purchase)", "本组织采购") },
      }),
      title: f("Title", "发票抬头", { kind: "json" }),
      invoice_type: f("Invoice type", "发票类型", { kind: "enum", values: invoiceTypeValues }),
      amount: f("Amount", "开票金额", { kind: "money" }),
      state: f("State", "状态", {
        kind: "enum",
        values: { requested: w("Requested", "待开票"), issued: w("Issued", "已开票"), refused: w("Refused", "已拒绝") },
      }),
      invoice_no: f("Invoice number", "发票号码"),
      issued_at: f("Issued at", "开票时间", { kind: "time" }),
      file_id: f("Invoice file", "发票文件", { ref: FILE }),
      refuse_reason: f("Reason for refusing", "拒绝原因"),
      decided_at: f("Decided at", "处理时间", { kind: "time" }),
    },
  },
  freight_template: {
    en: "Freight template",
    zh: "运费模板",
    name: ["name"],
    route: "/transaction/freightTemplateList/freightAddOrUpdate/:id",
    hidden: ["shop_id"],
    fields: {
      name: f("Name", "模板名称"),
      charge_type: f("Charged by", "计价方式", { kind: "enum", values: chargeTypeValues }),
      first_unit: f("Default: first units (pieces, g or cm³)", "默认：首件/首重/首体积（件、克或立方厘米）", { kind: "number" }),
      first_fee: f("Default: first fee", "默认：首费", { kind: "money" }),
      additional_unit: f("Default: each further units", "默认：续件/续重/续体积", { kind: "number" }),
      additional_fee: f("Default: further fee", "默认：续费", { kind: "money" }),
      not_delivered: f("Areas not delivered to", "不配送地区", { ref: AREA }),
    },
  },
  freight_template_info: {
    en: "Freight rule",
    zh: "运费规则",
    name: { via: "template_id", ref: FREIGHT_TEMPLATE },
    route: "/transaction/freightTemplateList",
    hidden: ["template_id", "sort"],
    fields: {
      kind: f("Kind", "类型", { kind: "enum", values: { fee: w("Region fee", "地区运费"), free: w("Free shipping", "包邮条件") } }),
      areas: f("Areas (none: everywhere)", "地区（空：全部地区）", { ref: AREA }),
      first_unit: f("First units", "首件/首重/首体积", { kind: "number" }),
      first_fee: f("First fee", "首费", { kind: "money" }),
      additional_unit: f("Each further units", "续件/续重/续体积", { kind: "number" }),
      additional_fee: f("Further fee", "续费", { kind: "money" }),
      free_by: f("Free when", "包邮条件", {
        kind: "enum",
        values: { amount: w("The amount reaches", "金额满"), quantity: w("The pieces reach", "件数满") },
      }),
      threshold: f("Threshold (cents or pieces)", "门槛（分或件）", { kind: "number" }),
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
  shop_classify: {
    en: "Shop category",
    zh: "店铺分类",
    name: ["name"],
    route: "/transaction/goodsTypeManage",
    hidden: ["shop_id"],
    fields: {
      parent_id: f("Parent category", "上级分类", { ref: { table: "shop_classify", name: "name" } }),
      name: f("Name", "分类名称"),
      sort: f("Position", "排序", { kind: "number" }),
    },
  },
  shop_classify_goods: {
    en: "Goods in a shop category",
    zh: "分类商品",
    partOf: { table: "shop_classify", column: "classify_id" },
    hidden: ["classify_id"],
    fields: {
      goods_id: f("Goods", "商品", { ref: GOODS }),
    },
  },
  recommend_classify: {
    en: "Recommendation group",
    zh: "推荐分组",
    name: ["name"],
    route: "/transaction/shopRecommendManage",
    hidden: ["shop_id"],
    fields: {
      name: f("Name", "分组名称"),
      visible: f("Shown in the shop", "在店铺中显示", { kind: yesNo }),
      sort: f("Position", "排序", { kind: "number" }),
    },
  },
  recommend_info: {
    en: "Recommended item",
    zh: "推荐商品",
    name: byGoods,
    route: "/transaction/shopRecommendManage",
    hidden: ["goods_id"],
    fields: {
      classify_id: f("Group", "推荐分组", { ref: { table: "recommend_classify", name: "name" } }),
      sort: f("Position", "排序", { kind: "number" }),
    },
  },
  seller_setting: {
    en: "Setting",
    zh: "设置项",
    name: ["key"],
    key: "key",
    recordedBy: "service",
    fields: {
      value: f("Value", "设置值", { kind: "json" }),
    },
  },
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
  shop_content: {
    en: "Custom content",
    zh: "自定义内容",
    name: ["title"],
    route: "/transaction/cmsManage/edit?id=:id",
    hidden: ["shop_id", "text_length"],
    fields: {
      code: f("Code", "编码"),
      title: f("Title", "标题"),
      content: f("Text", "内容"),
      published: f("Published", "已发布", { kind: yesNo }),
    },
  },
  file_attachment: {
    en: "Attached file",
    zh: "附件",
    name: { via: "file_id", ref: FILE },
    hidden: ["ref_id"],
    fields: {
      type: f("Kind", "文件类型", {
        kind: "enum",
        values: { image: w("Image", "图片"), pdf: w("PDF", "便携文档"), xlsx: w("Spreadsheet", "电子表格"), video: w("Video", "视频") },
      }),
      bus_type: f("Attached to", "所属记录", {
        kind: "enum",
        values: { goods: w("Goods", "商品"), advert: w("Advert", "广告位"), content: w("Custom content", "自定义内容") },
      }),
      file_id: f("File", "文件", { ref: FILE }),
      sort: f("Position in the list", "排序", { kind: "number" }),
    },
  },
  stored_file: {
    en: "File",
    zh: "文件",
    name: ["name"],
    hidden: ["member_id", "sha256", "list_sha256", "detail_sha256"],
    fields: {
      name: f("File name", "文件名"),
      content_type: f("Type", "文件类型"),
      size: f("Size (bytes)", "大小（字节）", { kind: "number" }),
      purpose: f("Purpose", "用途"),
    },
  },
};

/** The columns of a table that are internal (never shown). */
export const auditHiddenOf = (table: string): Set<string> => new Set([...AUDIT_HIDDEN_COLUMNS, ...(auditRecordTypes[table]?.hidden ?? [])]);

// ---------------------------------------------------------------------------------------------------
// Wording values

const generic = {
  yes: w("Yes", "是"),
  no: w("No", "否"),
  empty: w("—", "—"),
  changed: w("(changed)", "（已修改）"),
  hidden: w("(hidden)", "（已隐藏）"),
  allDay: w("Open all day", "全天营业"),
  weekdays: [w("Mon", "周一"), w("Tue", "周二"), w("Wed", "周三"), w("Thu", "周四"), w("Fri", "周五"), w("Sat", "周六"), w("Sun", "周日")],
};

export interface AuditFormat {
  lang: Lang;
  /** An instant (ISO text) as the reader's local date and time. */
  time: (iso: string) => string;
}

const isWords = (v: unknown): v is Words =>
  typeof v === "object" && v !== null && !Array.isArray(v) && "en" in v && "zh" in v && Object.keys(v).length === 2;

function hoursText(v: unknown, lang: Lang): string {
  if (typeof v !== "object" || v === null) return String(v);
  const h = v as { mode?: string; days?: { weekday: number; open: string; close: string }[] };
  if (h.mode === "allDay") return generic.allDay[lang];
  if (h.mode === "weekly" && Array.isArray(h.days))
    return h.days
      .map((d) => `${generic.weekdays[d.weekday - 1]?.[lang] ?? d.weekday} ${d.open}–${d.close}`)
      .join(lang === "zh" ? "，" : ", ");
  return JSON.stringify(v);
}

/** One stored value of a field as the reader reads it. */
export function auditValueText(field: AuditField | undefined, value: unknown, fmt: AuditFormat): string {
  const { lang } = fmt;
  if (field?.kind === "secret") return generic.hidden[lang];
  if (value === null || value === undefined || value === "") return generic.empty[lang];
  if (Array.isArray(value)) {
    if (value.length === 0) return generic.empty[lang];
    return value.map((v) => auditValueText(field, v, fmt)).join(lang === "zh" ? "、" : ", ");
  }
  if (isWords(value)) return value[lang];
  switch (field?.kind) {
    case "bool":
      return value === true || value === "true" ? generic.yes[lang] : generic.no[lang];
    case "enum":
      return field.values?.[String(value)]?.[lang] ?? String(value);
    case "money":
      return (Number(value) / 100).toFixed(2);
    case "basisPoints":
      return `${(Number(value) / 100).toFixed(2).replace(/\.?0+$/, "")}%`;
    case "time":
      return typeof value === "string" ? fmt.time(value) : String(value);
    case "date":
      return String(value).slice(0, 10);
    case "idNo": {
      const s = String(value);
      return s.length > 7 ? `${s.slice(0, 3)}${"*".repeat(s.length - 7)}${s.slice(-4)}` : "*".repeat(s.length);
    }
    case "hours":
      return hoursText(value, lang);
    case "function": {
      const def = functionTree.find((d) => d.code === value);
      return def ? def.name[lang] : String(value);
    }
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

/** A call's words, or (for a call that has none, e.g. one removed since) its path. */
export const auditCallText = (path: string, lang: Lang): string => auditCallWords[path]?.[lang] ?? path;

/** The words of a record type, or the table name for an unknown one. */
export const auditRecordTypeText = (table: string, lang: Lang): string => auditRecordTypes[table]?.[lang] ?? table;

/** The words of a field, or its column name for an unknown one. */
export const auditFieldText = (table: string, column: string, lang: Lang): string =>
  auditRecordTypes[table]?.fields[column]?.[lang] ?? column;

/** The route of a record, if it has a screen. */
export const auditRouteOf = (table: string, id: string): string | null => {
  const route = auditRecordTypes[table]?.route;
  return route ? route.replace(":id", encodeURIComponent(id)) : null;
};

export const auditWordsGeneric = generic;

/** What happened to a record, and to a set of links. */
export const auditActionWords = {
  insert: w("Created", "新建"),
  update: w("Changed", "修改"),
  delete: w("Deleted", "删除"),
  added: w("added", "新增"),
  removed: w("removed", "移除"),
} satisfies Record<string, Words>;

/** The audit log export's headers and fixed words. */
export const auditExportWords = {
  sheet: { en: "Audit log", zh: "操作日志" },
  at: { en: "Time", zh: "时间" },
  who: { en: "Who", zh: "操作人" },
  what: { en: "What", zh: "操作" },
  area: { en: "Area", zh: "模块" },
  type: { en: "Record type", zh: "对象类型" },
  record: { en: "Record", zh: "对象" },
  action: { en: "Change", zh: "变动" },
  changes: { en: "Before → after", zh: "修改前 → 修改后" },
  system: { en: "System", zh: "系统" },
  fileName: { en: "audit-log", zh: "操作日志" },
} satisfies Record<string, Words>;
