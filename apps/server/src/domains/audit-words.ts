/**
 * The audit log's one book of words, gathered from every domain's `<domain>.words.ts` (and the platform's saved
 * templates): each domain words its own write calls and the tables it declares. The book is handed to the platform
 * explicitly — `applyRelease` passes it to `migrateDatabase` (the trigger reads the record names and references from
 * it), `buildApp` puts it in the `Platform` every domain is bound with (each write's area; the audit log's words) — the
 * platform never imports a domain. This is the only importer of the words files besides tests
 * (domains/import-direction.test.ts).
 */
import { type AuditWords, mergeAuditWords } from "../platform/db/audit-words";
import { templatesWords } from "../platform/templates/templates.words";
import { addressWords } from "./address/address.words";
import { advertWords } from "./advert/advert.words";
import { aftersaleWords } from "./aftersale/aftersale.words";
import { catalogueWords } from "./catalogue/catalogue.words";
import { contentWords } from "./content/content.words";
import { couponWords } from "./coupon/coupon.words";
import { evaluationWords } from "./evaluation/evaluation.words";
import { financeWords } from "./finance/finance.words";
import { goodsWords } from "./goods/goods.words";
import { identityWords } from "./identity/identity.words";
import { invoiceWords } from "./invoice/invoice.words";
import { mediaWords } from "./media/media.words";
import { memberWords } from "./member/member.words";
import { ordersWords } from "./orders/orders.words";
import { organizationWords } from "./organization/organization.words";
import { promotionWords } from "./promotion/promotion.words";
import { sessionWords } from "./session/session.words";
import { shopWords } from "./shop/shop.words";
import { staffWords } from "./staff/staff.words";
import { supplierWords } from "./supplier/supplier.words";
import { systemWords } from "./system/system.words";

/** Each part of the book by who owns it (a domain folder, or `platform`): the test checks each words only its own tables. */
export const auditWordsByOwner: Record<string, AuditWords> = {
  platform: templatesWords,
  system: systemWords,
  identity: identityWords,
  organization: organizationWords,
  shop: shopWords,
  address: addressWords,
  session: sessionWords,
  staff: staffWords,
  member: memberWords,
  supplier: supplierWords,
  goods: goodsWords,
  catalogue: catalogueWords,
  coupon: couponWords,
  promotion: promotionWords,
  advert: advertWords,
  content: contentWords,
  media: mediaWords,
  orders: ordersWords,
  aftersale: aftersaleWords,
  evaluation: evaluationWords,
  invoice: invoiceWords,
  finance: financeWords,
};

/** The one book: refuses a call or a table worded by two domains. */
export const auditWords: AuditWords = mergeAuditWords(...Object.values(auditWordsByOwner));
