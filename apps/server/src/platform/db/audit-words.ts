/**
 * The audit log's words machinery: the shapes of the words (what a write call does, what an audited table's rows are,
 * what their columns mean and how their values read, in English and Chinese), the shared value helpers the words are
 * written with, and the functions that read a book of words. The words themselves live beside their tables and calls,
 * one `<domain>.words.ts` per domain; `domains/audit-words.ts` gathers them into the one book (`mergeAuditWords`) and
 * hands it to the platform: the trigger (`./audit.ts`, `installAudit(db, words)`) reads the record names and references
 * from it; the audit log's calls and export (`domains/system/audit.view.ts`) word every entry from it in the caller's
 * language, so the browser never receives a table or column name. A test requires words for every write call, every
 * audited table and every column that is not internal, so a new call, table or column cannot reach the log unworded.
 * The platform never imports a domain: every function here takes the book as an argument.
 */
import { type Call, funcOf, functionTree, type Lang, type Words } from "@sbo/contract";

export interface AuditCallWords extends Words {
  /** The function-tree area of a call that names no function (access `member`/`public`). */
  area?: string;
}

/** Words in English and Chinese; for a call, with its area when it names no function. */
export const w = (en: string, zh: string, area?: string): AuditCallWords => (area ? { en, zh, area } : { en, zh });
/** A buyer API write, in the seller's orders log: "A buyer …" / "买家…". */
export const byBuyer = (en: string, zh: string): AuditCallWords => w(`A buyer ${en}`, `买家${zh}`, "order");

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
export function auditAreaOf(call: Pick<Call, "path" | "access">, words: AuditWords): string | null {
  const func = funcOf(call as Call);
  return (func ? areaOfFunction(func) : null) ?? words.calls[call.path]?.area ?? null;
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

export const f = (en: string, zh: string, more: Omit<AuditField, "en" | "zh"> = {}): AuditField => ({ en, zh, ...more });
/** A yes/no field (`kind: yesNo`). */
export const yesNo: AuditFieldKind = "bool";

/** A book of the audit log's words: what each write call does (by path) and each audited table's record (by table). */
export interface AuditWords {
  calls: Record<string, AuditCallWords>;
  records: Record<string, AuditRecordType>;
}

/**
 * The one book of several parts (each domain's words): refuses a call path or a table worded by two parts, so two domains
 * cannot each claim a call or a table and silently win or lose by the order they are gathered in.
 */
export function mergeAuditWords(...parts: AuditWords[]): AuditWords {
  const book: AuditWords = { calls: {}, records: {} };
  for (const part of parts) {
    for (const [path, words] of Object.entries(part.calls)) {
      if (Object.hasOwn(book.calls, path)) throw new Error(`audit words: the call ${path} is worded twice`);
      book.calls[path] = words;
    }
    for (const [table, type] of Object.entries(part.records)) {
      if (Object.hasOwn(book.records, table)) throw new Error(`audit words: the table ${table} is worded twice`);
      book.records[table] = type;
    }
  }
  return book;
}

/** The columns of a table that are internal (never shown). */
export const auditHiddenOf = (words: AuditWords, table: string): Set<string> =>
  new Set([...AUDIT_HIDDEN_COLUMNS, ...(words.records[table]?.hidden ?? [])]);

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
export const auditCallText = (words: AuditWords, path: string, lang: Lang): string => words.calls[path]?.[lang] ?? path;

/** The words of a record type, or the table name for an unknown one. */
export const auditRecordTypeText = (words: AuditWords, table: string, lang: Lang): string => words.records[table]?.[lang] ?? table;

/** The words of a field, or its column name for an unknown one. */
export const auditFieldText = (words: AuditWords, table: string, column: string, lang: Lang): string =>
  words.records[table]?.fields[column]?.[lang] ?? column;

/** The route of a record, if it has a screen. */
export const auditRouteOf = (words: AuditWords, table: string, id: string): string | null => {
  const route = words.records[table]?.route;
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
