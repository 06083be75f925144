import type { SQL } from "drizzle-orm";

/**
 * What the audit log reads of people: the names of the accounts that made its entries and of the organisation's
 * staff. The identity domain ranks above `system`, so it fills this in (`auditPeople` in identity.port.ts) and app.ts
 * hands it over once, when the app is built (`handAuditPeople`); the log's queries (audit.repository.ts) join the
 * relations it gives instead of naming the identity tables.
 */
export interface AuditPeople {
  /** Accounts' names, to join under an alias as a table: `id, name`. */
  members: SQL;
  /** Each organisation's owner and staff with their names, to join as a table: `bo_id, member_id, is_owner, name`. */
  staff: SQL;
}

let handed: AuditPeople | undefined;

/** Hands the audit log its people (app.ts, when the app is built; the same relations every time). */
export function handAuditPeople(people: AuditPeople): void {
  handed = people;
}

/** The people the audit log was handed; it is used only once the app is built. */
export function auditPeople(): AuditPeople {
  if (!handed) throw new Error("the audit log's people were not handed in (handAuditPeople in app.ts)");
  return handed;
}
