import type { SQL } from "drizzle-orm";
import type { Executor } from "../db/client";

/**
 * What the platform reads and asks of the identity domain's tables (accounts, employees, what their roles grant),
 * filled in by the identity domain when the app is built — as the shop's state is (`ShopStateSource`) — so that
 * `platform/` never imports a domain nor names a domain's table. The relations are sub-selects of the columns the
 * platform reads; the planner inlines them, so the session's one statement is planned as it was on the tables.
 */
export interface IdentitySource {
  /** Accounts, to join as a table: `id, enabled`. */
  accounts: SQL;
  /** Each organisation's places (owner or staff), to join as a table: `id, bo_id, is_owner, enabled`. */
  employees: SQL;
  /** The functions an employee's roles grant, to join as a table: `employee_id, func_code` (a row per role and function). */
  grants: SQL;
  /** Forgets what roles grant of the functions `codes` (they left the function tree). */
  dropGrantsOf(db: Executor, codes: string[]): Promise<void>;
}
