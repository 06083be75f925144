import { contract } from "@sbo/contract";
import { describe, expect, it } from "vitest";
import { type AuditFormat, auditAreaOf, auditAreas, auditCallWords, auditRecordTypes, auditRouteOf, auditValueText } from "./audit-words";

const writes = Object.values(contract).flatMap((domain) => Object.values(domain).filter((c) => c.write));
const zh: AuditFormat = { lang: "zh", time: (iso) => iso.slice(0, 16) };
const en: AuditFormat = { lang: "en", time: (iso) => iso.slice(0, 16) };
const hasLatin = /[A-Za-z]/;

describe("the audit log's words", () => {
  it("every write call says what it does in English and in Chinese (a new call must add its words)", () => {
    const missing = writes.filter((c) => !auditCallWords[c.path]?.en || !auditCallWords[c.path]?.zh).map((c) => c.path);
    expect(missing).toEqual([]);
    for (const c of writes) expect(auditCallWords[c.path]?.zh).not.toMatch(hasLatin);
  });

  it("no words are kept for a call that does not exist or does not write", () => {
    const paths = new Set(writes.map((c) => c.path));
    expect(Object.keys(auditCallWords).filter((p) => !paths.has(p))).toEqual([]);
  });

  it("every write call belongs to an area of the function tree", () => {
    const areas = new Set(auditAreas.map((a) => a.code));
    for (const c of writes) expect(areas.has(auditAreaOf(c) ?? ""), c.path).toBe(true);
    expect(auditAreaOf(contract.shop.updShopStatus)).toBe("shop");
    expect(auditAreaOf(contract.staff.updRole)).toBe("setup");
  });

  it("every record type and field has Chinese words without English, and every enum value too", () => {
    for (const [table, type] of Object.entries(auditRecordTypes)) {
      expect(type.zh, table).not.toMatch(hasLatin);
      for (const [column, field] of Object.entries(type.fields)) {
        expect(field.zh, `${table}.${column}`).not.toMatch(hasLatin);
        for (const [value, words] of Object.entries(field.values ?? {}))
          expect(words.zh, `${table}.${column}=${value}`).not.toMatch(hasLatin);
      }
      if (type.partOf) expect(auditRecordTypes[type.partOf.table], table).toBeDefined();
    }
  });

  it("a record links to its screen with its id", () => {
    expect(auditRouteOf("employee", "E1")).toBe("/transaction/setup/member/update/E1");
    expect(auditRouteOf("member_rank", "R1")).toBe("/transaction/setup/rank/member?tab=ranks");
    expect(auditRouteOf("manufacturer", "M1")).toBeNull();
  });

  it("values read as a seller reads them, in either language", () => {
    const shop = auditRecordTypes.shop?.fields;
    expect(auditValueText(shop?.status, "closed", zh)).toBe("已关闭");
    expect(auditValueText(shop?.status, "closed", en)).toBe("Closed");
    expect(auditValueText(auditRecordTypes.recharge_promotion?.fields.pay_amount, 12345, en)).toBe("123.45");
    expect(auditValueText(auditRecordTypes.member_rank?.fields.discount, 9500, en)).toBe("95%");
    expect(auditValueText(auditRecordTypes.employee?.fields.enabled, false, zh)).toBe("否");
    expect(auditValueText(auditRecordTypes.member?.fields.password_hash, "[redacted]", en)).toBe("(hidden)");
    expect(auditValueText(auditRecordTypes.org_enterprise?.fields.legal_person_id_no, "110101199003071234", en)).toBe("110***********1234");
    expect(auditValueText(auditRecordTypes.role_function?.fields.func_code, "setup.audit", zh)).toBe("操作日志");
    expect(auditValueText(undefined, { en: "Beijing", zh: "北京市" }, zh)).toBe("北京市");
    expect(auditValueText(undefined, ["A", "B"], zh)).toBe("A、B");
    expect(auditValueText(undefined, null, zh)).toBe("—");
    const hours = { mode: "weekly", days: [{ weekday: 1, open: "08:00", close: "20:00" }] };
    expect(auditValueText(auditRecordTypes.shop_setting?.fields.business_hours, hours, zh)).toBe("周一 08:00–20:00");
    expect(auditValueText(auditRecordTypes.shop_setting?.fields.business_hours, { mode: "allDay" }, en)).toBe("Open all day");
  });
});
