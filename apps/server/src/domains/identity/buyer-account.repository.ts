import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { hashPassword } from "../../platform/auth/passwords";
import type { Executor } from "../../platform/db/client";
import { member } from "./identity.tables";
import { isPhoneUnconfirmed } from "./phone-confirmation.repository";

/*
 * The buyer side's account of a phone (the buyer login and checkout, through identity.port.ts). The buyer's session
 * itself is the platform's (platform/auth/buyer-sessions.ts).
 */

type Member = typeof member.$inferSelect;

/**
 * The account an SMS code to `phone` opens on the buyer side, or what the login would do without one:
 * - the account whose `buyer_phone` is the phone (fixed at its first buyer login; no seller-side call changes it);
 * - else the seller-side account with that phone, when its holder proved the phone (`adopt`: one person, one
 *   account; a staff member buys as themselves);
 * - else none (`make`): no account uses the phone, or the one that does had it typed in by someone else and its
 *   holder never confirmed it. That account stays as it is, and the phone's holder gets a buyer account of their
 *   own, so registering someone's phone as staff neither locks them out of the buyer side nor opens it to the seller.
 */
export async function findBuyerAccount(db: Executor, phone: string): Promise<{ member: Member; adopt: boolean } | null> {
  const [own] = await db.select().from(member).where(eq(member.buyerPhone, phone)).limit(1);
  if (own) return { member: own, adopt: false };
  const [seller] = await db
    .select()
    .from(member)
    .where(and(eq(member.phone, phone), isNull(member.buyerPhone)))
    .limit(1);
  if (seller && !(await isPhoneUnconfirmed(db, seller.id))) return { member: seller, adopt: true };
  return null;
}

/** Opens the buyer side's account of a phone whose code was just used: adopts or makes it (`created` when made). */
export async function openBuyerAccount(db: Executor, phone: string): Promise<{ member: Member; created: boolean }> {
  const found = await findBuyerAccount(db, phone);
  if (found && !found.adopt) return { member: found.member, created: false };
  if (found) {
    const [m] = await db
      .update(member)
      .set({ buyerPhone: phone })
      .where(and(eq(member.id, found.member.id), isNull(member.buyerPhone)))
      .returning();
    if (m) return { member: m, created: false };
  } else {
    // A new buyer: no usable password (a random one nobody knows) and no organisation. Its login name is
    // `b<phone>` unless an account already took it (then a random suffix: a name must not block a phone).
    const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
    const name = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    for (const loginName of [`b${phone}`, `b${phone}-${randomBytes(4).toString("hex")}`]) {
      const [m] = await db
        .insert(member)
        .values({ loginName, phone, buyerPhone: phone, name, passwordHash })
        .onConflictDoNothing()
        .returning();
      if (m) return { member: m, created: true };
      if ((await db.select({ id: member.id }).from(member).where(eq(member.buyerPhone, phone)).limit(1)).length) break;
    }
  }
  // Another login of the same phone got there first.
  const [m] = await db.select().from(member).where(eq(member.buyerPhone, phone)).limit(1);
  if (!m) throw new Error("buyer account not made");
  return { member: m, created: false };
}
