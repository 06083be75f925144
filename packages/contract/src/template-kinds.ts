import { advertSheet } from "./advert";
import { afterSaleSheet } from "./aftersale";
import { couponRecordSheet, couponRuleSheet } from "./coupon";
import { evaluationSheet } from "./evaluation";
import { flowSheet } from "./finance";
import { freightSheet } from "./freight";
import { goodsSheet } from "./goods";
import { invoiceSheet } from "./invoice";
import { videoSheet } from "./media";
import { memberSheet } from "./member";
import { pushSheet } from "./orders-live";
import { voucherSheet } from "./orders-pay";
import { promotionSheet } from "./promotion";
import type { Sheet } from "./sheets";
import { shopCategorySheet } from "./shop-category";
import { staffSheet } from "./staff";
import { supplierSheet } from "./supplier";

/*
 * Every list export that offers saved column sets (kind `<list>.exportColumns`), for the server's check of a saved
 * set and the contract's tests. Kept apart from templates.ts, which every list screen loads: this module loads every
 * domain's sheet.
 */
export const exportSheets: readonly Sheet[] = [
  memberSheet,
  // Shop, goods and marketing lists (issue 27 §1).
  couponRuleSheet,
  couponRecordSheet,
  promotionSheet,
  supplierSheet,
  freightSheet,
  shopCategorySheet,
  advertSheet,
  videoSheet,
  goodsSheet,
  // Order and finance lists, staff (issue 27 §1).
  afterSaleSheet,
  invoiceSheet,
  evaluationSheet,
  pushSheet,
  voucherSheet,
  flowSheet,
  staffSheet,
];

/** The export sheet whose saved column sets are of this kind, if any. */
export const sheetOfKind = (type: string): Sheet | undefined => exportSheets.find((s) => `${s.list}.exportColumns` === type);
