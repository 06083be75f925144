import { type InvoiceState, invoiceStateWords, invoiceRefusals as R } from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import { notFound, stateForbids } from "../../platform/http/errors";
import * as repo from "./invoice.repository";
import type { invoiceRequest } from "./invoice.tables";

/*
 * The one state machine of an invoice request (docs/domains/invoice.md):
 *   requested ──issue (number, time, file)──▶ issued
 *       └──────refuse (reason)──────────────▶ refused
 * `decide` locks the request FOR UPDATE, refuses an action its state forbids and runs the change, in the caller's one
 * transaction: of two decisions on one request, the second waits for the row and then finds it decided.
 */

export type InvoiceAction = "issue" | "refuse";
export type RequestRecord = typeof invoiceRequest.$inferSelect;

export const ALLOWED_FROM: Record<InvoiceAction, readonly InvoiceState[]> = {
  issue: ["requested"],
  refuse: ["requested"],
};

/** The declared refusal for a decision the request's state forbids, its state worded in both languages. */
export function wrongState(state: string) {
  const words = invoiceStateWords[state as InvoiceState];
  return stateForbids(R.wrongState, { state: words.en, "state.en": words.en, "state.zh": words.zh });
}

export async function decide(
  db: Executor,
  target: { boId: string; id: string },
  action: InvoiceAction,
  apply: (request: RequestRecord) => Promise<void>,
): Promise<RequestRecord> {
  const request = await repo.lockRequest(db, target.boId, target.id);
  if (!request) throw notFound(R.notFound);
  if (!ALLOWED_FROM[action].includes(request.state as InvoiceState)) throw wrongState(request.state);
  await apply(request);
  return request;
}
