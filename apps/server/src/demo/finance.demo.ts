import { issueBill, signWithBill } from "../domains/finance/finance.service";
import { localSettlementBank } from "../domains/finance/settlement-bank.service";
import type { Executor } from "../platform/db/client";

/**
 * The first demo seller (Green Valley) has its settlement account open: a card signed, then changed to another (so
 * the card history shows both), through the finance domain's own signing with bill numbers. The second demo seller
 * (Harbor Seafood) has none: its owner can try the whole signing (the e2e story does).
 */
export async function seedFinanceDemo(db: Executor, green: { boId: string }): Promise<void> {
  const bank = localSettlementBank();
  const cards = [
    { holderName: "Li Wei", bankName: "中国农业银行", cardNo: "6228480402564890018" },
    { holderName: "Li Wei", bankName: "中国工商银行", cardNo: "6222020200112233446" },
  ];
  for (const card of cards) {
    await db.transaction(async (tx) => {
      const { billNo } = await issueBill(tx, green.boId);
      const signed = await signWithBill(tx, bank, green.boId, { ...card, billNo }, "either");
      if ("refused" in signed) throw new Error("demo bill refused");
    });
  }
}
