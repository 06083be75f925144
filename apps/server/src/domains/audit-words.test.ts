import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { contract } from "@sbo/contract";
import { describe, expect, it } from "vitest";
import {
  type AuditFormat,
  type AuditWords,
  auditAreaOf,
  auditAreas,
  auditRouteOf,
  auditValueText,
  f,
  mergeAuditWords,
  w,
} from "../platform/db/audit-words";
import { auditWords, auditWordsByOwner } from "./audit-words";

const { calls: auditCallWords, records: auditRecordTypes } = auditWords;
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
    for (const c of writes) expect(areas.has(auditAreaOf(c, auditWords) ?? ""), c.path).toBe(true);
    expect(auditAreaOf(contract.shop.updShopStatus, auditWords)).toBe("shop");
    expect(auditAreaOf(contract.staff.updRole, auditWords)).toBe("setup");
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
    expect(auditRouteOf(auditWords, "employee", "E1")).toBe("/transaction/setup/member/update/E1");
    expect(auditRouteOf(auditWords, "member_rank", "R1")).toBe("/transaction/setup/rank/member?tab=ranks");
    expect(auditRouteOf(auditWords, "manufacturer", "M1")).toBeNull();
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

// ---------------------------------------------------------------------------------------------------
// The book's parts: each domain words its own calls and tables

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

const srcPath = (path: string) => relative(SRC, path).split(sep).join("/");
/** A `domains/<folder>/…` file's domain; any other file is the platform's. */
const ownerOfFile = (file: string) => {
  const parts = file.split("/");
  return parts[0] === "domains" && parts.length > 2 ? (parts[1] as string) : "platform";
};

/** Tables the platform declares, by folder, and who words them: the saved templates are the platform's own. */
const PLATFORM_TABLES_WORDED_BY: Record<string, string> = {
  "platform/templates": "platform",
};

/** Who words each table: the domain whose `*.tables.ts` declares its `pgTable("name"` (import-direction.test.ts's map). */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const path of sourceFiles(SRC)) {
    const file = srcPath(path);
    for (const m of readFileSync(path, "utf8").matchAll(/\bpgTable\(\s*["']([a-z_][a-z0-9_]*)["']/g)) {
      const owner = ownerOfFile(file);
      const folder = file.split("/").slice(0, 2).join("/");
      owners.set(m[1] as string, owner === "platform" ? (PLATFORM_TABLES_WORDED_BY[folder] ?? `platform (${file})`) : owner);
    }
  }
  return owners;
}

/** Who words each call: the domain whose routes file binds its contract entry (`bindDomain(app, platform, contract.x`). */
function callOwners(): Map<string, string> {
  const byEntry = new Map<string, string>();
  for (const path of sourceFiles(SRC).filter((p) => p.endsWith(".routes.ts"))) {
    for (const m of readFileSync(path, "utf8").matchAll(/\bbindDomain\(\s*\w+,\s*\w+,\s*contract\.(\w+)/g))
      byEntry.set(m[1] as string, ownerOfFile(srcPath(path)));
  }
  const owners = new Map<string, string>();
  for (const [entry, calls] of Object.entries(contract))
    for (const c of Object.values(calls)) owners.set(c.path, byEntry.get(entry) ?? `nobody (contract.${entry} is not bound)`);
  return owners;
}

/** What a part of the book words that its owner does not own. */
function strayWords(owner: string, part: AuditWords, tables: Map<string, string>, calls: Map<string, string>): string[] {
  return [
    ...Object.keys(part.calls)
      .filter((path) => calls.get(path) !== owner)
      .map((path) => `${owner} words the call ${path} (bound by ${calls.get(path) ?? "nobody"})`),
    ...Object.keys(part.records)
      .filter((table) => tables.get(table) !== owner)
      .map((table) => `${owner} words the table ${table} (declared by ${tables.get(table) ?? "nobody"})`),
  ];
}

/** Every `*.words.ts` file with what it exports, by its owner. */
async function wordsFiles(): Promise<{ file: string; owner: string; parts: AuditWords[] }[]> {
  const paths = sourceFiles(SRC).filter((p) => p.endsWith(".words.ts"));
  return Promise.all(
    paths.map(async (path) => {
      const exports = (await import(pathToFileURL(path).href)) as Record<string, AuditWords>;
      const file = srcPath(path);
      return { file, owner: ownerOfFile(file), parts: Object.values(exports) };
    }),
  );
}

describe("the book of audit words, gathered from the domains", () => {
  it("refuses a call or a table worded by two parts", () => {
    const one: AuditWords = { calls: { "/a/write": w("Wrote", "写入") }, records: { thing: { ...w("Thing", "物品"), fields: {} } } };
    const other: AuditWords = { calls: { "/b/write": w("Wrote", "写入") }, records: { other: { ...w("Other", "其他"), fields: {} } } };
    expect(Object.keys(mergeAuditWords(one, other).calls)).toEqual(["/a/write", "/b/write"]);
    expect(() => mergeAuditWords(one, other, { calls: { "/a/write": w("Again", "再次") }, records: {} })).toThrow(
      "the call /a/write is worded twice",
    );
    expect(() => mergeAuditWords(one, { calls: {}, records: { thing: { ...w("Thing", "物品"), fields: { a: f("A", "甲") } } } })).toThrow(
      "the table thing is worded twice",
    );
  });

  it("is made of every words file, each one part under its owner", async () => {
    const files = await wordsFiles();
    expect(files.length).toBeGreaterThan(20);
    for (const { file, owner, parts } of files) {
      expect(parts, file).toHaveLength(1);
      expect(auditWordsByOwner[owner], file).toBe(parts[0]);
    }
    expect(Object.keys(auditWordsByOwner).sort()).toEqual([...new Set(files.map((x) => x.owner))].sort());
    const sum = (k: keyof AuditWords) => Object.values(auditWordsByOwner).reduce((n, p) => n + Object.keys(p[k]).length, 0);
    expect(Object.keys(auditWords.calls)).toHaveLength(sum("calls"));
    expect(Object.keys(auditWords.records)).toHaveLength(sum("records"));
  });

  it("each domain words only the tables it declares and the calls its routes bind", async () => {
    const tables = tableOwners();
    const calls = callOwners();
    const stray = (await wordsFiles()).flatMap(({ owner, parts }) => parts.flatMap((part) => strayWords(owner, part, tables, calls)));
    expect(stray).toEqual([]);
  });

  it("a domain wording another's table or call is found (planted case)", () => {
    const tables = tableOwners();
    const calls = callOwners();
    expect(tables.get("order_info")).toBe("orders");
    expect(tables.get("employee")).toBe("identity");
    expect(calls.get(contract.orderDesk.remindDelivery.path)).toBe("orders");
    const planted: AuditWords = {
      calls: {
        [contract.goods.delGoods.path]: w("Deleted a goods item", "删除商品"),
        [contract.orderDesk.remindDelivery.path]: w("Reminded", "提醒"),
      },
      records: {
        goods: { ...w("Goods", "商品"), fields: {} },
        order_info: { ...w("Order", "订单"), fields: {} },
        no_such_table: { ...w("Nothing", "无"), fields: {} },
      },
    };
    expect(strayWords("goods", planted, tables, calls)).toEqual([
      `goods words the call ${contract.orderDesk.remindDelivery.path} (bound by orders)`,
      "goods words the table order_info (declared by orders)",
      "goods words the table no_such_table (declared by nobody)",
    ]);
  });
});
