import type { SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";

/**
 * What goods learns of promotions (rank 5, above goods) through a port app.ts fills: which of a seller's items are in
 * a promotion that has not ended (the pickers' "goods not in a promotion"), and the promotions holding one item.
 */
export interface PromotedGoods {
  /** A subquery of the seller's goods ids in a live (not ended, not cancelled) promotion. */
  goodsIdsInPromotion(boId: string): SQL;
  promotionsOf(db: Executor, boId: string, goodsId: string): Promise<{ id: string; name: string; kind: string }[]>;
}
