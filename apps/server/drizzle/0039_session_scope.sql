-- Every process keeps the sessions it resolved (platform/auth/session-cache.ts); a write that changes who may do what
-- tells them all, from the database itself, so that no code path can forget: a row trigger on each table the session
-- is read from sends the scope it touches on the channel `sbo_session` (delivered on commit, to every process that
-- LISTENs) and adds it to the transaction's `sbo.session_scopes`, which the writing call reads before it commits to
-- forget those sessions in its own process at once. Scopes: `m:<member id>`, `e:<employee id>`, `b:<organisation id>`.
CREATE OR REPLACE FUNCTION sbo_session_scope() RETURNS trigger
LANGUAGE plpgsql AS $fn$
DECLARE
  rec record;
  scope text;
  held text;
BEGIN
  IF TG_OP = 'DELETE' THEN rec := OLD; ELSE rec := NEW; END IF;
  IF TG_TABLE_NAME = 'user_session' THEN
    scope := 'm:' || rec.member_id;
  ELSIF TG_TABLE_NAME = 'member' THEN
    scope := 'm:' || rec.id;
  ELSIF TG_TABLE_NAME = 'employee' THEN
    scope := 'm:' || rec.member_id;
  ELSIF TG_TABLE_NAME = 'employee_role' THEN
    scope := 'e:' || rec.employee_id;
  ELSIF TG_TABLE_NAME = 'role_function' THEN
    -- The role's organisation; a role already gone leaves no session of its to find: every organisation then.
    scope := coalesce('b:' || (SELECT r.bo_id FROM role r WHERE r.id = rec.role_id), '*');
  ELSE
    scope := 'b:' || rec.bo_id;
  END IF;
  held := coalesce(current_setting('sbo.session_scopes', true), '');
  IF position(' ' || scope || ' ' IN held) = 0 THEN
    PERFORM set_config('sbo.session_scopes', CASE WHEN held = '' THEN ' ' ELSE held END || scope || ' ', true);
    PERFORM pg_notify('sbo_session', scope);
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- A session's own row: not when only last_seen_at moves on (the touch, at most once a minute per session); a
-- last_seen_at moved back (by hand) counts.
CREATE TRIGGER sbo_session_scope AFTER UPDATE ON user_session FOR EACH ROW
  WHEN (new.last_seen_at < old.last_seen_at
    OR (new.revoked_at, new.revoke_reason, new.expires_at, new.bo_id, new.employee_id, new.manufacturer_id, new.member_id, new.token_hash)
       IS DISTINCT FROM (old.revoked_at, old.revoke_reason, old.expires_at, old.bo_id, old.employee_id, old.manufacturer_id, old.member_id, old.token_hash))
  EXECUTE FUNCTION sbo_session_scope();--> statement-breakpoint
CREATE TRIGGER sbo_session_scope_delete AFTER DELETE ON user_session FOR EACH ROW EXECUTE FUNCTION sbo_session_scope();--> statement-breakpoint
-- The account: disabled, enabled, its password changed (its sessions end by their own rows too), removed.
CREATE TRIGGER sbo_session_scope AFTER UPDATE ON member FOR EACH ROW
  WHEN (new.enabled IS DISTINCT FROM old.enabled OR new.password_hash IS DISTINCT FROM old.password_hash)
  EXECUTE FUNCTION sbo_session_scope();--> statement-breakpoint
CREATE TRIGGER sbo_session_scope_delete AFTER DELETE ON member FOR EACH ROW EXECUTE FUNCTION sbo_session_scope();--> statement-breakpoint
-- A place in an organisation (owner or staff): added, disabled, made owner, removed.
CREATE TRIGGER sbo_session_scope AFTER INSERT OR UPDATE OR DELETE ON employee FOR EACH ROW EXECUTE FUNCTION sbo_session_scope();--> statement-breakpoint
-- A staff member's roles, and a role's functions.
CREATE TRIGGER sbo_session_scope AFTER INSERT OR UPDATE OR DELETE ON employee_role FOR EACH ROW EXECUTE FUNCTION sbo_session_scope();--> statement-breakpoint
CREATE TRIGGER sbo_session_scope AFTER INSERT OR UPDATE OR DELETE ON role_function FOR EACH ROW EXECUTE FUNCTION sbo_session_scope();--> statement-breakpoint
-- The organisation's shop as a session holds it: opened, renamed, its state or its time zone changed, removed.
CREATE TRIGGER sbo_session_scope AFTER INSERT OR DELETE ON shop FOR EACH ROW EXECUTE FUNCTION sbo_session_scope();--> statement-breakpoint
CREATE TRIGGER sbo_session_scope_update AFTER UPDATE ON shop FOR EACH ROW
  WHEN ((new.id, new.bo_id, new.name, new.brand, new.status) IS DISTINCT FROM (old.id, old.bo_id, old.name, old.brand, old.status))
  EXECUTE FUNCTION sbo_session_scope();--> statement-breakpoint
CREATE TRIGGER sbo_session_scope AFTER INSERT OR DELETE ON shop_setting FOR EACH ROW EXECUTE FUNCTION sbo_session_scope();--> statement-breakpoint
CREATE TRIGGER sbo_session_scope_update AFTER UPDATE ON shop_setting FOR EACH ROW
  WHEN ((new.shop_id, new.bo_id, new.time_zone) IS DISTINCT FROM (old.shop_id, old.bo_id, old.time_zone))
  EXECUTE FUNCTION sbo_session_scope();
