import { codes, staffRefusals } from "@sbo/contract";
import { eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { refuse } from "../../platform/http/errors";
import { unconfirmedPhone } from "./identity.tables";

/**
 * A phone set by someone other than its holder (a colleague, the owner, account creation) stays
 * unconfirmed until its holder confirms it with a code sent to it. The login calls ask here before
 * they send or accept an SMS code, so a colleague who changed someone's phone to their own cannot log
 * in as them or reset their password.
 */
export async function isPhoneUnconfirmed(db: Executor, memberId: string): Promise<boolean> {
  const rows = await db
    .select({ m: unconfirmedPhone.memberId })
    .from(unconfirmedPhone)
    .where(eq(unconfirmedPhone.memberId, memberId))
    .limit(1);
  return rows.length > 0;
}

/** Refuses (000409, `staff.phoneUnconfirmed`) when the account's phone waits for its holder's confirmation. */
export async function refuseUnconfirmedPhone(db: Executor, memberId: string): Promise<void> {
  if (await isPhoneUnconfirmed(db, memberId)) throw refuse(codes.STATE_FORBIDS, staffRefusals.phoneUnconfirmed);
}

/** Marks an account's phone as set by `setBy` and waiting for its holder (replacing an earlier mark). */
export async function markPhoneUnconfirmed(db: Executor, v: { memberId: string; phone: string; setBy: string; boId: string }) {
  await db
    .insert(unconfirmedPhone)
    .values(v)
    .onConflictDoUpdate({ target: unconfirmedPhone.memberId, set: { phone: v.phone, setBy: v.setBy, boId: v.boId } });
}

/** The holder proved the phone (a code sent to it): SMS codes go to it again. */
export async function markPhoneConfirmed(db: Executor, memberId: string) {
  await db.delete(unconfirmedPhone).where(eq(unconfirmedPhone.memberId, memberId));
}
