import type { SQL } from "drizzle-orm";

/**
 * What the audit log reads of people: the names of the accounts that made its entries and of the organisation's
 * staff. The identity domain ranks above `system`, so it fills this in (`auditPeople` in identity.port.ts) and app.ts
 * hands it to the audit service when the app is built (`systemRoutes` → `createAuditService`); the log's queries
 * (`auditReads` in audit.repository.ts) join the relations it gives instead of naming the identity tables.
 */
export interface AuditPeople {
  /** Accounts' names, to join under an alias as a table: `id, name`. */
  members: SQL;
  /** Each organisation's owner and staff with their names, to join as a table: `bo_id, member_id, is_owner, name`. */
  staff: SQL;
}
