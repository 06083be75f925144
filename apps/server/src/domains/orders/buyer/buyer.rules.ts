import type { Ctx } from "../../../platform/http/context";
import { notLoggedIn } from "../../../platform/http/errors";

/** The buyer of a buyer-API call, or "not logged in". */
export const buyerOf = (ctx: Ctx) => {
  if (!ctx.buyer) throw notLoggedIn();
  return ctx.buyer;
};

/** Who the order machine records for a buyer's step. */
export const buyerActor = (memberId: string) => ({ kind: "buyer" as const, memberId });
