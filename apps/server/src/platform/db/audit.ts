import { sql } from "drizzle-orm";
import type { Executor } from "./client";

/** Tables whose rows are machinery, not business data: never audited. */
const NOT_AUDITED = [
  "audit_log",
  "user_session",
  "sms_code",
  "sms_outbox",
  "sys_function",
  "login_attempt",
  "rate_counter",
  "__drizzle_migrations",
];

/**
 * The audit log is a platform mechanism domains get for free: a row trigger on every table records
 * who (the session's member), when, the call, the target id and a before/after diff of the changed
 * fields. The actor is set per transaction by `setActor`; writes without an actor (migrations, seeds)
 * are not recorded. A rolled-back transaction takes its audit rows with it.
 */
export async function installAudit(db: Executor): Promise<void> {
  await db.execute(
    sql.raw(`
CREATE OR REPLACE FUNCTION sbo_audit() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  actor text := current_setting('sbo.member_id', true);
  o jsonb := '{}'::jsonb;
  n jsonb := '{}'::jsonb;
  d jsonb := '{}'::jsonb;
  k text;
BEGIN
  IF actor IS NULL OR actor = '' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN o := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN n := to_jsonb(NEW); END IF;
  FOR k IN SELECT jsonb_object_keys(o || n) LOOP
    CONTINUE WHEN k IN ('created_at', 'updated_at') OR (o -> k) IS NOT DISTINCT FROM (n -> k);
    IF k LIKE '%\\_hash' OR k LIKE '%token%' THEN
      d := d || jsonb_build_object(k, jsonb_build_object('before', '[redacted]', 'after', '[redacted]'));
    ELSE
      d := d || jsonb_build_object(k, jsonb_build_object('before', o -> k, 'after', n -> k));
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND d = '{}'::jsonb THEN RETURN NULL; END IF;
  INSERT INTO audit_log (bo_id, member_id, call, table_name, target_id, action, diff, request_id)
  VALUES (
    coalesce(n ->> 'bo_id', o ->> 'bo_id', nullif(current_setting('sbo.bo_id', true), '')),
    actor,
    coalesce(nullif(current_setting('sbo.call', true), ''), 'unknown'),
    TG_TABLE_NAME,
    coalesce(n ->> 'id', o ->> 'id', n ->> 'code', o ->> 'code',
             concat_ws(':', VARIADIC ARRAY(SELECT value FROM jsonb_each_text(coalesce(nullif(n, '{}'::jsonb), o)) ORDER BY key))),
    lower(TG_OP),
    d,
    nullif(current_setting('sbo.request_id', true), '')
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
      AND c.relname <> ALL (ARRAY[${NOT_AUDITED.map((t) => `'${t}'`).join(", ")}])
      AND NOT EXISTS (SELECT 1 FROM pg_trigger tg WHERE tg.tgrelid = c.oid AND tg.tgname = 'sbo_audit')
  LOOP
    EXECUTE format('CREATE TRIGGER sbo_audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION sbo_audit()', t);
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
}

/** Name who is writing in this transaction, so the audit trigger can record it. */
export async function setActor(tx: Executor, actor: Actor): Promise<void> {
  await tx.execute(
    sql`select set_config('sbo.member_id', ${actor.memberId}, true), set_config('sbo.bo_id', ${actor.boId ?? ""}, true),
               set_config('sbo.call', ${actor.call}, true), set_config('sbo.request_id', ${actor.requestId}, true)`,
  );
}
