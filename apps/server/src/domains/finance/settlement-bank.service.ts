import { hash, randomBytes } from "node:crypto";
import type { Executor } from "../../platform/db/client";
import { recordBankRequest } from "./finance.repository";

/*
 * The settlement bank: where the organisation signs the agreement under which payouts reach its bank card. A real
 * bank (ABC's "abccg" channel, a payment company's "sef" channel) would be a client of its API behind this interface;
 * the local bank below records every request in `settlement_bank_request`, in the caller's transaction, and answers
 * an agreement number — no money and no data leave the server.
 */

export interface SignRequest {
  boId: string;
  billNo: string;
  holderName: string;
  bankName: string;
  cardNo: string;
}

export interface SettlementBank {
  readonly name: string;
  /** Sign a card for settlement: answers the bank's agreement number. Throws when the bank refuses. */
  sign(db: Executor, r: SignRequest): Promise<{ signNo: string }>;
  /** Move an agreement to another card: answers the (new) agreement number. */
  updateSign(db: Executor, r: SignRequest & { signNo: string }): Promise<{ signNo: string }>;
  /** End an agreement. */
  removeSign(db: Executor, r: { boId: string; signNo: string; cardNo: string }): Promise<void>;
}

/** The local settlement bank: records each request and answers agreement numbers derived from the bill number. */
export function localSettlementBank(): SettlementBank {
  const signNoOf = (billNo: string) =>
    `LSB${hash("sha256", billNo, "hex").slice(0, 16).toUpperCase()}${randomBytes(2).toString("hex").toUpperCase()}`;
  return {
    name: "local",
    async sign(db, r) {
      const signNo = signNoOf(r.billNo);
      await recordBankRequest(db, { boId: r.boId, action: "sign", billNo: r.billNo, signNo, cardLast4: r.cardNo.slice(-4) });
      return { signNo };
    },
    async updateSign(db, r) {
      const signNo = signNoOf(r.billNo);
      await recordBankRequest(db, { boId: r.boId, action: "update", billNo: r.billNo, signNo, cardLast4: r.cardNo.slice(-4) });
      return { signNo };
    },
    async removeSign(db, r) {
      await recordBankRequest(db, { boId: r.boId, action: "remove", billNo: null, signNo: r.signNo, cardLast4: r.cardNo.slice(-4) });
    },
  };
}
