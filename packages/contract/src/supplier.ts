import { z } from "zod";
import { contactPhone } from "./address";
import { calendarDay, id, instant, ok, page, pageInput } from "./common";
import { exportFile, read, seller, write } from "./define";
import { refusals } from "./refusals";
import { sheet } from "./sheets";

/** What supplier calls refuse, in both languages. */
export const supplierRefusals = refusals("supplier", {
  forbidden: { en: "You do not have the permission this needs ({func})", zh: "你没有此操作所需的权限（{func}）" },
  notFound: { en: "That supplier was not found", zh: "未找到该供应商" },
  authorisedNotFound: { en: "That authorised supplier was not found", zh: "未找到该授权供应商" },
  requestNotFound: { en: "That authorisation request was not found", zh: "未找到该授权请求" },
  memberAccountNotFound: { en: "Member account {id} was not found", zh: "未找到成员账号 {id}" },
  categoryUnknown: { en: "is not a known category", zh: "不是已知的类目" },
  ownOrganisation: { en: "cannot be your own organisation", zh: "不能是你自己的组织" },
  notOrganisation: { en: "is not a platform organisation", zh: "不是平台上的组织" },
  nameTaken: { en: "is already the name of another supplier", zh: "已是其他供应商的名称" },
  alreadyAuthorised: { en: "is already an authorised supplier of this shop", zh: "已是本店的授权供应商" },
  listedTwice: { en: "is listed twice", zh: "重复列出" },
  notStaff: { en: "is not on the supplier's staff", zh: "不是该供应商的员工" },
  alreadyMember: { en: "is already a member account of this supplier", zh: "已是该供应商的成员账号" },
  notAccepted: {
    en: "{org} has not accepted this authorisation: nothing of its staff can be seen or added until it does",
    zh: "{org} 尚未接受此授权：在其接受之前，不能查看或添加其员工",
  },
  requestAnswered: { en: "This request has already been answered", zh: "该请求已经答复过了" },
});

/**
 * purchase: a supplier this shop buys from (function shop.supplier / shop.supplier.edit);
 * authorised: a platform organisation authorised to supply this shop (shop.authSupplier / shop.authSupplier.edit).
 */
export const supplierKinds = ["purchase", "authorised"] as const;
export const supplierKind = z.enum(supplierKinds);
export type SupplierKind = z.infer<typeof supplierKind>;
export const supplierStatus = z.enum(["enabled", "disabled"]);
export const settlementTerms = ["cash", "weekly", "monthly"] as const;
export const settlement = z.enum(settlementTerms);
export const supplierMemberRoles = ["sales", "finance", "logistics", "other"] as const;
export const supplierMemberRole = z.enum(supplierMemberRoles);
/**
 * An authorisation names another organisation, so it is a request that organisation answers:
 * pending until it accepts or declines it on its own supplier screen (null for purchase suppliers).
 */
export const supplierConsents = ["pending", "accepted", "declined"] as const;
export const supplierConsent = z.enum(supplierConsents);
export type SupplierConsent = z.infer<typeof supplierConsent>;

/** The functions a kind of supplier needs: [read, write]. */
export const supplierFunctions: Record<SupplierKind, { read: string; write: string }> = {
  purchase: { read: "shop.supplier", write: "shop.supplier.edit" },
  authorised: { read: "shop.authSupplier", write: "shop.authSupplier.edit" },
};

const day = calendarDay;
const remark = z.string().trim().max(500).default("");
const optionalText = (max: number) => z.string().trim().max(max).default("");

const purchaseFields = {
  kind: z.literal("purchase"),
  name: z.string().trim().min(1, "is required").max(100),
  contactName: optionalText(50),
  phone: contactPhone.nullable().default(null),
  address: optionalText(200),
  /** Platform categories (any level) this supplier delivers. */
  categoryIds: z.array(z.string().min(1).max(20)).max(50).default([]),
  settlement: settlement.default("cash"),
  status: supplierStatus.default("enabled"),
  remark,
  /** Optionally, the platform organisation behind this supplier. */
  supplierBoId: id.nullable().default(null),
};

const authorisedFields = {
  kind: z.literal("authorised"),
  validFrom: day,
  /** Open-ended when null. */
  validTo: day.nullable().default(null),
  status: supplierStatus.default("enabled"),
  remark,
};

const validRange = (v: { kind: string; validFrom?: string; validTo?: string | null }, ctx: z.RefinementCtx) => {
  if (v.kind === "authorised" && v.validFrom && v.validTo && v.validTo < v.validFrom) {
    ctx.addIssue({ code: "custom", path: ["validTo"], message: "must not be before the start date" });
  }
};

export const supplierItem = z.object({
  id,
  kind: supplierKind,
  name: z.string(),
  contactName: z.string(),
  phone: z.string().nullable(),
  address: z.string(),
  categoryIds: z.array(z.string()),
  categories: z.array(z.object({ id: z.string(), name: z.string(), nameEn: z.string() })),
  settlement: settlement.nullable(),
  status: supplierStatus,
  remark: z.string(),
  supplierBoId: id.nullable(),
  supplierOrgName: z.string().nullable(),
  /** Authorised suppliers: whether the named organisation accepted (null for purchase suppliers). */
  consent: supplierConsent.nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  memberCount: z.int(),
  createdAt: instant,
  updatedAt: instant,
});
export type SupplierItem = z.infer<typeof supplierItem>;

export const supplierMemberItem = z.object({
  id,
  supplierId: id,
  memberId: id,
  name: z.string(),
  loginName: z.string(),
  role: supplierMemberRole,
  enabled: z.boolean(),
  createdAt: instant,
});

/** An authorisation request another organisation sent to the caller's organisation. */
export const authRequestItem = z.object({
  id,
  requesterBoId: id,
  requesterName: z.string(),
  shopName: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  consent: supplierConsent,
  createdAt: instant,
  decidedAt: instant.nullable(),
});
export type AuthRequestItem = z.infer<typeof authRequestItem>;

/** Short public information about a platform organisation: never contact numbers or licence data. */
export const orgShort = z.object({
  boId: id,
  name: z.string(),
  /** From its enterprise information, when given. */
  shortName: z.string().nullable(),
  /** The area (province or city) of its enterprise information, when given. */
  area: z.object({ name: z.string(), nameEn: z.string() }).nullable(),
  hasShop: z.boolean(),
});

const orgName = z.string().trim().min(1, "is required").max(50);
const listFilters = {
  kind: supplierKind,
  name: z.string().trim().max(100).optional(),
  status: supplierStatus.optional(),
};
/** The purchase supplier list's export sheet (sheets.ts). */
export const supplierSheet = sheet(
  "supplierList",
  { en: "Suppliers", zh: "供应商" },
  {
    name: { en: "Name", zh: "供应商名称" },
    contactName: { en: "Contact", zh: "联系人" },
    phone: { en: "Phone", zh: "联系电话" },
    address: { en: "Address", zh: "地址" },
    categories: { en: "Categories", zh: "供货品类" },
    settlement: { en: "Settlement", zh: "结算方式" },
    status: { en: "Status", zh: "状态" },
    supplierOrgName: { en: "Platform organisation", zh: "平台组织" },
    memberCount: { en: "Accounts", zh: "账号数" },
    remark: { en: "Remark", zh: "备注" },
    createdAt: { en: "Added", zh: "添加时间" },
  },
);

/** Members are only checked per call: the kind decides which function applies (see supplierFunctions). */
const byKind = { access: "member" as const, shop: true };

export const supplier = {
  selShopSupplierPage: read({
    path: seller("/trading/shop/supplier/selShopSupplierPage"),
    summary: "A page of the shop's suppliers of one kind (purchase or authorised)",
    ...byKind,
    input: pageInput(listFilters),
    output: page(supplierItem),
  }),
  exportShopSupplierList: exportFile({
    path: seller("/trading/shop/supplier/exportShopSupplierList"),
    summary: "The shop's purchase suppliers as an Excel file (the list's name and status; optionally chosen columns)",
    access: { func: "shop.supplier.export" },
    shop: true,
    input: z.strictObject({
      name: listFilters.name,
      status: listFilters.status,
      columns: supplierSheet.chosen,
    }),
    sheet: supplierSheet,
  }),
  selShopSupplierList: read({
    path: seller("/trading/shop/supplier/selShopSupplierList"),
    summary: "The shop's enabled suppliers of one kind, by name (for pickers; at most 200)",
    ...byKind,
    input: z.strictObject({ kind: supplierKind, name: z.string().trim().max(100).optional() }),
    output: z.array(supplierItem),
  }),
  addShopSupplier: write({
    path: seller("/trading/shop/supplier/addShopSupplier"),
    summary: "Add a purchase supplier, or authorise a platform organisation to supply the shop",
    ...byKind,
    input: z
      .discriminatedUnion("kind", [
        z.strictObject(purchaseFields),
        z.strictObject({
          ...authorisedFields,
          supplierBoId: id,
          contactName: optionalText(50),
          phone: contactPhone.nullable().default(null),
        }),
      ])
      .superRefine(validRange),
    output: supplierItem,
  }),
  updShopSupplierById: write({
    path: seller("/trading/shop/supplier/updShopSupplierById"),
    summary: "Edit a supplier (its kind and, for an authorised one, its organisation stay)",
    ...byKind,
    input: z
      .discriminatedUnion("kind", [
        z.strictObject({ id, ...purchaseFields }),
        z.strictObject({ id, ...authorisedFields, contactName: optionalText(50), phone: contactPhone.nullable().default(null) }),
      ])
      .superRefine(validRange),
    output: supplierItem,
  }),
  delShopSupplierById: write({
    path: seller("/trading/shop/supplier/delShopSupplierById"),
    summary: "Delete a supplier and its member accounts",
    ...byKind,
    input: z.strictObject({ id }),
    output: ok,
  }),

  addShopSupplierMemberList: write({
    path: seller("/trading/shop/supplierMember/addShopSupplierMemberList"),
    summary: "Let staff of an authorised supplier act for this shop",
    access: { func: "shop.authSupplier.edit" },
    input: z.strictObject({
      supplierId: id,
      members: z
        .array(z.strictObject({ memberId: id, role: supplierMemberRole }))
        .min(1, "choose at least one account")
        .max(50),
    }),
    output: z.array(supplierMemberItem),
  }),
  updShopSupplierMemberList: write({
    path: seller("/trading/shop/supplierMember/updShopSupplierMemberList"),
    summary: "Enable, disable or change the role of an authorised supplier's member accounts",
    access: { func: "shop.authSupplier.edit" },
    input: z.strictObject({
      supplierId: id,
      members: z
        .array(z.strictObject({ id, role: supplierMemberRole, enabled: z.boolean() }))
        .min(1, "change at least one account")
        .max(100),
    }),
    output: z.array(supplierMemberItem),
  }),
  selByShopIdAndBoId: read({
    path: seller("/trading/shop/supplierMember/selByShopIdAndBoId"),
    summary: "This shop's authorisation of a supplier organisation (boId: the supplier's), or null",
    access: { func: "shop.authSupplier" },
    input: z.strictObject({ boId: id }),
    output: supplierItem.nullable(),
  }),
  selShopSupplierMember: read({
    path: seller("/trading/shop/supplierMember/selShopSupplierMember"),
    summary: "The member accounts of one authorised supplier",
    access: { func: "shop.authSupplier" },
    input: z.strictObject({ supplierId: id }),
    output: z.array(supplierMemberItem),
  }),
  selSupplierStaffList: read({
    path: seller("/trading/shop/supplierMember/selSupplierStaffList"),
    summary: "The enabled staff of an authorised supplier's organisation, to choose member accounts from",
    access: { func: "shop.authSupplier" },
    input: z.strictObject({ supplierId: id }),
    output: z.array(z.object({ memberId: id, name: z.string(), loginName: z.string(), added: z.boolean() })),
  }),

  selAuthRequestPage: read({
    path: seller("/trading/shop/supplier/selAuthRequestPage"),
    summary: "Authorisation requests other organisations sent to this one (to supply their shops), newest first",
    access: { func: "shop.authSupplier" },
    shop: false,
    input: pageInput({ consent: supplierConsent.optional() }),
    output: page(authRequestItem),
  }),
  acceptAuthRequest: write({
    path: seller("/trading/shop/supplier/acceptAuthRequest"),
    summary: "Accept a request to supply another organisation's shop: it may then see this organisation's staff and add them",
    access: { func: "shop.authSupplier.edit" },
    shop: false,
    input: z.strictObject({ id }),
    output: authRequestItem,
  }),
  declineAuthRequest: write({
    path: seller("/trading/shop/supplier/declineAuthRequest"),
    summary: "Decline a request (or withdraw an acceptance): the other side's member accounts of this organisation end",
    access: { func: "shop.authSupplier.edit" },
    shop: false,
    input: z.strictObject({ id }),
    output: authRequestItem,
  }),

  selOrgShortByNameList: read({
    path: seller("/basic/member/nxin/selOrgShortByNameList"),
    summary: "Platform organisations whose name starts with the text (autocomplete)",
    access: "member",
    input: z.strictObject({ name: orgName, limit: z.int().min(1).max(20).default(10) }),
    output: z.array(orgShort),
  }),
  selOrgShortByNamePage: read({
    path: seller("/basic/member/nxin/selOrgShortByNamePage"),
    summary: "A page of platform organisations whose name starts with the text",
    access: "member",
    input: pageInput({ name: orgName }),
    output: page(orgShort),
  }),
};
