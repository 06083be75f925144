/**
 * The audit log's words for the address domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, f, w, yesNo } from "../../platform/db/audit-words";

const { address } = contract;

const AREA: AuditRef = { table: "area", key: "code", name: "name", nameEn: "name_en" };

export const addressWords: AuditWords = {
  calls: {
    [address.addAddr.path]: w("Added an address", "新增地址"),
    [address.updAddrById.path]: w("Edited an address", "编辑地址"),
    [address.delAddrById.path]: w("Deleted an address", "删除地址"),
    [address.updDefaultAddr.path]: w("Changed the default address", "设置默认地址"),
  },
  records: {
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
  },
};
