import { sql } from "drizzle-orm";
import { type AuditRecordType, type AuditRef, type AuditWords, auditHiddenOf } from "./audit-words";
import type { Executor } from "./client";

/**
 * Tables whose rows are machinery or platform reference data, not a seller's records: never audited.
 * (Reference data — areas, categories, dictionaries, units, releases, published texts — is written by
 * seeds and migrations only, which have no actor and would not be recorded anyway.)
 */
export const NOT_AUDITED = [
  "audit_log",
  "audit_entry",
  "user_session",
  "sms_code",
  "sms_outbox",
  "sys_function",
  "login_attempt",
  "rate_counter",
  "__drizzle_migrations",
  "area",
  "category",
  "category_relation",
  // A seller's settings: the settings service records each change itself (they may live in Redis instead).
  "seller_setting",
  "dict_item",
  "unit",
  "sys_version",
  "web_content",
  "goods_attr_def",
  "goods_status_count",
  // What goods search reads: kept by the database from goods (catalogue/search/search.tables.ts).
  "goods_search",
  // The words of goods_search's documents, kept by the database for spelling correction (search.tables.ts).
  "goods_search_word",
  // The buyer API's own records: a buyer's login, cart and address book, and stored first answers.
  "buyer_session",
  "buyer_cart_item",
  "buyer_address",
  "idempotency_record",
  // An order's timeline is its own record of every change (written with each, shown on the order).
  "order_timeline",
  // The order list's tab counts: kept by the database from order_info (orders.tables.ts).
  "order_status_count",
  // The home page's to-dos and the reports' rollups: kept by the database from orders (orders.tables.ts,
  // statement/rollup.tables.ts).
  "order_todo_count",
  "order_day_rollup",
  "buyer_day_rollup",
  "order_goods_day",
  "order_goods_week",
  "order_buyer_day",
  "order_buyer_last",
  // Live order events and ERP pushes: machinery the order machine and the timed jobs write (orders/live.tables.ts).
  "order_event",
  "order_push",
  // The shop's and the goods' evaluation scores: sums and counts the evaluation domain adds to with each evaluation.
  "shop_score",
  "goods_score",
];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const ident = (s: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(s)) throw new Error(`audit words: ${s} is not a plain column or table name`);
  return `"${s}"`;
};

/** SQL naming the row `row` (a jsonb expression) of a record type, or null. */
function labelSql(type: AuditRecordType, row: string): string {
  const name = type.name;
  if (!name) return "NULL::text";
  if (Array.isArray(name)) return `coalesce(${name.map((c) => `nullif(${row} ->> ${lit(c)}, '')`).join(", ")})`;
  const ref = name.ref;
  return `(SELECT t.${ident(ref.name)}::text FROM ${ident(ref.table)} t WHERE t.${ident(ref.key ?? "id")}::text = ${row} ->> ${lit(name.via)})`;
}

const refSql = (value: string, ref: AuditRef) =>
  `sbo_audit_ref(${value}, ${lit(ref.table)}, ${lit(ref.key ?? "id")}, ${lit(ref.name)}, ${ref.nameEn ? lit(ref.nameEn) : "NULL"})`;

/** The per-table part of the trigger: which record the row belongs to, its name, hidden columns, references. */
function tableBranch(words: AuditWords, table: string, type: AuditRecordType): string {
  const lines: string[] = [];
  const hidden = [...auditHiddenOf(words, table)];
  lines.push(`hidden := ARRAY[${hidden.map(lit).join(", ")}]::text[];`);
  if (type.partOf) {
    const parent = words.records[type.partOf.table];
    if (!parent) throw new Error(`audit words: ${table} is part of unknown ${type.partOf.table}`);
    lines.push(`rec_table := ${lit(type.partOf.table)};`);
    lines.push(`rec_id := r ->> ${lit(type.partOf.column)};`);
    lines.push(
      `label := (SELECT ${labelSql(parent, "to_jsonb(p)")} FROM ${ident(type.partOf.table)} p WHERE p.${ident(parent.key ?? "id")}::text = rec_id);`,
    );
  } else {
    lines.push(`rec_id := r ->> ${lit(type.key ?? "id")};`);
    lines.push(`label := ${labelSql(type, "r")};`);
  }
  for (const [column, field] of Object.entries(type.fields)) {
    if (!field.ref) continue;
    const c = lit(column);
    lines.push(
      `IF d ? ${c} THEN d := jsonb_set(d, ARRAY[${c}], jsonb_build_object('before', ${refSql(`d -> ${c} -> 'before'`, field.ref)}, 'after', ${refSql(`d -> ${c} -> 'after'`, field.ref)})); END IF;`,
    );
  }
  return lines.join("\n    ");
}

/** Before the diff is built: which columns to leave out. After: record, name and references. */
function generatedBranches(words: AuditWords): { hidden: string; after: string } {
  const hidden = Object.keys(words.records)
    .map((t) => `WHEN ${lit(t)} THEN ARRAY[${[...auditHiddenOf(words, t)].map(lit).join(", ")}]::text[]`)
    .join("\n    ");
  const after = Object.entries(words.records)
    .map(([t, type]) => `WHEN ${lit(t)} THEN\n    ${tableBranch(words, t, type)}`)
    .join("\n  ");
  return { hidden, after };
}

/**
 * The audit log is a platform mechanism domains get for free: a row trigger on every table records
 * each changed row with who (the session's member), the call and a before/after diff of the changed
 * fields, grouped into one `audit_entry` per call (request) and organisation. The record a row belongs
 * to (a staff member's role row belongs to the staff member), the record's name and the names of the
 * records its reference columns point to are taken at the moment of the change, as the book of the seller's words
 * (`words`: every domain's `<domain>.words.ts`, gathered by `domains/audit-words.ts`) declares them; internal columns
 * are left out. The actor is set
 * per transaction by `setActor`; writes without an actor (migrations, seeds) are not recorded. A
 * rolled-back transaction takes its audit rows and entry with it.
 */
export async function installAudit(db: Executor, words: AuditWords): Promise<void> {
  await db.execute(
    sql.raw(`
CREATE OR REPLACE FUNCTION sbo_audit_ref(v jsonb, tbl text, keycol text, namecol text, nameen text) RETURNS jsonb
LANGUAGE plpgsql AS $fn$
DECLARE res jsonb;
BEGIN
  IF v IS NULL OR jsonb_typeof(v) = 'null' THEN RETURN v; END IF;
  IF jsonb_typeof(v) = 'array' THEN
    SELECT coalesce(jsonb_agg(sbo_audit_ref(x, tbl, keycol, namecol, nameen) ORDER BY i), '[]'::jsonb) INTO res
    FROM jsonb_array_elements(v) WITH ORDINALITY AS a(x, i);
    RETURN res;
  END IF;
  BEGIN
    IF nameen IS NULL THEN
      EXECUTE format('SELECT to_jsonb(t.%I) FROM %I t WHERE t.%I::text = $1', namecol, tbl, keycol) INTO res USING v #>> '{}';
    ELSE
      EXECUTE format('SELECT jsonb_build_object(''en'', t.%I, ''zh'', t.%I) FROM %I t WHERE t.%I::text = $1', nameen, namecol, tbl, keycol)
        INTO res USING v #>> '{}';
    END IF;
  EXCEPTION WHEN undefined_table OR undefined_column THEN
    -- The audit words name a table or column that is gone: record the id rather than refuse the write.
    res := NULL;
  END;
  RETURN coalesce(res, v);
END
$fn$
`),
  );
  const branches = generatedBranches(words);
  await db.execute(
    sql.raw(`
CREATE OR REPLACE FUNCTION sbo_audit() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor text := current_setting('sbo.member_id', true);
  req text := nullif(current_setting('sbo.request_id', true), '');
  o jsonb := '{}'::jsonb;
  n jsonb := '{}'::jsonb;
  r jsonb;
  d jsonb := '{}'::jsonb;
  k text;
  hidden text[];
  bo text;
  entry_key text;
  eid bigint;
  rec_table text := TG_TABLE_NAME;
  rec_id text;
  label text;
BEGIN
  IF actor IS NULL OR actor = '' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN o := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN n := to_jsonb(NEW); END IF;
  r := CASE WHEN TG_OP = 'DELETE' THEN o ELSE n END;
  hidden := CASE TG_TABLE_NAME
    ${branches.hidden}
    ELSE ARRAY['id', 'bo_id', 'created_at', 'updated_at']::text[]
  END;
  FOR k IN SELECT jsonb_object_keys(o || n) LOOP
    CONTINUE WHEN k = ANY(hidden) OR (o -> k) IS NOT DISTINCT FROM (n -> k);
    IF k LIKE '%\\_hash' OR k LIKE '%token%' THEN
      d := d || jsonb_build_object(k, jsonb_build_object('before', '[redacted]', 'after', '[redacted]'));
    ELSE
      d := d || jsonb_build_object(k, jsonb_build_object('before', o -> k, 'after', n -> k));
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND d = '{}'::jsonb THEN RETURN NULL; END IF;

  CASE TG_TABLE_NAME
  ${branches.after}
  ELSE
    rec_id := coalesce(r ->> 'id', r ->> 'code');
  END CASE;
  rec_id := coalesce(rec_id, concat_ws(':', VARIADIC ARRAY(SELECT value FROM jsonb_each_text(r) ORDER BY key)));

  -- One entry per call and organisation: the first row of the call makes it, the others join it.
  bo := coalesce(r ->> 'bo_id', nullif(current_setting('sbo.bo_id', true), ''));
  entry_key := 'sbo.e' || md5(coalesce(req, txid_current()::text) || '|' || coalesce(bo, ''));
  eid := nullif(current_setting(entry_key, true), '')::bigint;
  IF eid IS NULL THEN
    INSERT INTO audit_entry (bo_id, member_id, call, area, request_id)
    VALUES (bo, actor, coalesce(nullif(current_setting('sbo.call', true), ''), 'unknown'),
            nullif(current_setting('sbo.area', true), ''), req)
    RETURNING id INTO eid;
    PERFORM set_config(entry_key, eid::text, true);
  END IF;

  INSERT INTO audit_log (entry_id, bo_id, member_id, call, table_name, target_id, record_table, record_id, label, action, diff, request_id)
  VALUES (
    eid, bo, actor,
    coalesce(nullif(current_setting('sbo.call', true), ''), 'unknown'),
    TG_TABLE_NAME,
    coalesce(r ->> 'id', r ->> 'code', rec_id),
    rec_table, rec_id, label,
    lower(TG_OP),
    d,
    req
  );
  RETURN NULL;
END
$fn$
`),
  );
  // One statement per execute: the extended query protocol (PGlite, node-postgres with params) takes one.
  await db.execute(
    sql.raw(`
DO $do$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
    WHERE ns.nspname = 'public' AND c.relkind = 'r'
      AND c.relname <> ALL (ARRAY[${NOT_AUDITED.map(lit).join(", ")}])
      AND NOT EXISTS (SELECT 1 FROM pg_trigger tg WHERE tg.tgrelid = c.oid AND tg.tgname = 'sbo_audit')
  LOOP
    EXECUTE format('CREATE TRIGGER sbo_audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION sbo_audit()', t);
  END LOOP;
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace JOIN pg_trigger tg ON tg.tgrelid = c.oid
    WHERE ns.nspname = 'public' AND tg.tgname = 'sbo_audit' AND c.relname = ANY (ARRAY[${NOT_AUDITED.map(lit).join(", ")}])
  LOOP
    EXECUTE format('DROP TRIGGER sbo_audit ON %I', t);
  END LOOP;
END
$do$;
`),
  );
}

export interface Actor {
  memberId: string;
  boId: string | null;
  call: string;
  requestId: string;
  /** The call's area of the function tree (the area filter of the log): `auditAreaOf(call, words)`; none when left out. */
  area?: string | null;
}

/** Name who is writing in this transaction, so the audit trigger can record it. */
export async function setActor(tx: Executor, actor: Actor): Promise<void> {
  const area = actor.area ?? "";
  await tx.execute(
    sql`select set_config('sbo.member_id', ${actor.memberId}, true), set_config('sbo.bo_id', ${actor.boId ?? ""}, true),
               set_config('sbo.call', ${actor.call}, true), set_config('sbo.request_id', ${actor.requestId}, true),
               set_config('sbo.area', ${area}, true)`,
  );
}

export interface RecordedChange {
  /** The record type (a table worded in the book of audit words, `AuditWords.records`). */
  table: string;
  boId: string;
  recordId: string;
  label: string | null;
  action: "insert" | "update" | "delete";
  /** `{ column: { before, after } }`, as the trigger writes it. */
  diff: Record<string, { before: unknown; after: unknown }>;
}

/**
 * Records one changed record the way the trigger does (same entry per call and organisation, same actor, call and
 * area), for data that does not live in an audited table: a seller's settings, which may be kept in Redis. Inside a
 * write call's transaction only (the actor is set there); without an actor it records nothing, like the trigger.
 */
export async function recordChange(tx: Executor, c: RecordedChange): Promise<void> {
  await tx.execute(sql`
    with k as (
      select current_setting('sbo.member_id', true) as actor,
             nullif(current_setting('sbo.request_id', true), '') as req,
             coalesce(nullif(current_setting('sbo.call', true), ''), 'unknown') as call,
             nullif(current_setting('sbo.area', true), '') as area,
             'sbo.e' || md5(coalesce(nullif(current_setting('sbo.request_id', true), ''), txid_current()::text) || '|' || ${c.boId}) as entry_key
    ),
    known as (select nullif(current_setting(k.entry_key, true), '')::bigint as id from k),
    made as (
      insert into audit_entry (bo_id, member_id, call, area, request_id)
      select ${c.boId}, k.actor, k.call, k.area, k.req from k
      where coalesce(k.actor, '') <> '' and (select id from known) is null
      returning id
    ),
    entry as (select coalesce((select id from known), (select id from made)) as id),
    remembered as (select set_config(k.entry_key, (select id from entry)::text, true) as v from k where (select id from entry) is not null)
    insert into audit_log (entry_id, bo_id, member_id, call, table_name, target_id, record_table, record_id, label, action, diff, request_id)
    select (select id from entry), ${c.boId}, k.actor, k.call, ${c.table}, ${c.recordId}, ${c.table}, ${c.recordId}, ${c.label},
           ${c.action}, ${JSON.stringify(c.diff)}::jsonb, k.req
    from k, remembered
    where coalesce(k.actor, '') <> ''`);
}
