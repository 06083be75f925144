import { eq } from "drizzle-orm";
import { userSession } from "../../platform/auth/auth.tables";
import { hashTicket } from "../../platform/auth/tickets";
import type { Executor } from "../../platform/db/client";

/** Moves the ticket's session to another organisation (its manufacturer is forgotten). */
export async function switchSessionIdentity(db: Executor, ticket: string, to: { boId: string; employeeId: string }) {
  await db
    .update(userSession)
    .set({ boId: to.boId, employeeId: to.employeeId, manufacturerId: null })
    .where(eq(userSession.tokenHash, hashTicket(ticket)));
}

export async function switchSessionManufacturer(db: Executor, ticket: string, manufacturerId: string | null) {
  await db
    .update(userSession)
    .set({ manufacturerId })
    .where(eq(userSession.tokenHash, hashTicket(ticket)));
}
