import {
  codes,
  type contract,
  loginRefusals,
  MAX_BUYER_ADDRESSES,
  type OutputOf,
  type ParsedInputOf,
  orderRefusals as R,
} from "@sbo/contract";
import { clearBuyerCookie, revokeBuyerSession, setBuyerCookie, startBuyerSession } from "../../../platform/auth/buyer-sessions";
import { checkCode, sendCode, useCode } from "../../../platform/auth/sms";
import type { Executor } from "../../../platform/db/client";
import { holdUntilCommit } from "../../../platform/db/hold";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound, refuse } from "../../../platform/http/errors";
import type { SmsProvider } from "../../../platform/sms/sms-provider";
import { findBuyerAccount } from "../../identity/identity.port";
import { createCartService } from "../cart/cart.service";
import * as repo from "../orders.repository";
import type { OrderPorts } from "../orders-needs.port";
import { createPurchaseService } from "../purchase/purchase.service";
import * as buyerRepo from "./buyer.repository";
import { buyerOf } from "./buyer.rules";

/*
 * The buyer API (`contract.buyer`): the buyer's account and addresses (this file), the cart (cart/) and purchases
 * (purchase/: checkout, payment, the buyer's orders). `createBuyerService` puts them together for the routes.
 */

type Bu = typeof contract.buyer;
type In<K extends keyof Bu> = ParsedInputOf<Bu[K]>;
type Out<K extends keyof Bu> = OutputOf<Bu[K]>;

async function addressOf(db: Executor, memberId: string, id: string) {
  const a = (await repo.addressesOf(db, memberId)).find((x) => x.id === id);
  if (!a) throw notFound(R.addressNotFound);
  return a;
}

/**
 * A buyer's address saves one at a time: each clears the old default before setting its own, and saves sent at once
 * interleaved those steps into two defaults, which the one-default index refused with a 500 (8 at once: 7 of them).
 */
const holdAddresses = (ctx: Ctx, memberId: string) => holdUntilCommit(ctx.db, `buyer-address:${memberId}`);

const addressOut = (a: Awaited<ReturnType<typeof repo.addressesOf>>[number]) => ({
  id: a.id,
  name: a.name,
  phone: a.phone,
  areaCode: a.areaCode,
  areaName: a.areaName ?? "",
  detail: a.detail,
  isDefault: a.isDefault,
});

/** The buyer's login and addresses. */
export function createBuyerAccountService(deps: { sms: SmsProvider }) {
  return {
    /**
     * Any phone may get a code (the first login makes its account), except a disabled account's. A phone someone
     * else typed in for a staff account still gets it: its holder's buyer side is their own (`findBuyerAccount`).
     */
    async sendLoginCode(input: In<"sendLoginCode">, ctx: Ctx): Promise<Out<"sendLoginCode">> {
      const found = await findBuyerAccount(ctx.db, input.phone);
      const deliver = !found || found.member.enabled;
      return sendCode(ctx, deps.sms, input.phone, "buyerLogin", { deliver });
    },

    async smsLogin(input: In<"smsLogin">, ctx: Ctx): Promise<Out<"smsLogin">> {
      if (!(await checkCode(ctx.db, input.phone, "buyerLogin", input.code, false))) {
        throw refuse(codes.SMS_CODE_INVALID, loginRefusals.codeInvalid, undefined, { commit: true });
      }
      const found = await findBuyerAccount(ctx.db, input.phone);
      if (found && !found.member.enabled) throw refuse(codes.ACCOUNT_DISABLED, loginRefusals.disabled);
      await useCode(ctx.db, input.phone, "buyerLogin", input.code);
      const { member: m, created } = await buyerRepo.insertBuyerAccount(ctx.db, input.phone);
      const ticket = await startBuyerSession(ctx.db, m.id, ctx.ip, ctx.userAgent);
      setBuyerCookie(ctx.reply, ctx.req, ctx.config, ticket);
      return { memberId: m.id, name: m.name, created };
    },

    async logout(_input: unknown, ctx: Ctx): Promise<null> {
      await revokeBuyerSession(ctx.db, buyerOf(ctx).sessionId);
      clearBuyerCookie(ctx.reply, ctx.req, ctx.config);
      return null;
    },

    async selAddressList(_input: unknown, ctx: Ctx): Promise<Out<"selAddressList">> {
      return (await repo.addressesOf(ctx.db, buyerOf(ctx).memberId)).map(addressOut);
    },

    async addAddress(input: In<"addAddress">, ctx: Ctx): Promise<Out<"addAddress">> {
      const b = buyerOf(ctx);
      await holdAddresses(ctx, b.memberId);
      if (!(await repo.areaExists(ctx.db, input.areaCode))) throw badField("areaCode", R.addressNotFound);
      const n = await buyerRepo.countAddresses(ctx.db, b.memberId);
      if (n >= MAX_BUYER_ADDRESSES) throw refuse(codes.CONFLICT, R.tooManyAddresses, { max: MAX_BUYER_ADDRESSES });
      const first = n === 0;
      if (input.isDefault || first) await buyerRepo.clearDefaultAddress(ctx.db, b.memberId);
      const id = await buyerRepo.insertAddress(ctx.db, {
        memberId: b.memberId,
        name: input.name,
        phone: input.phone,
        areaCode: input.areaCode,
        detail: input.detail,
        isDefault: input.isDefault || first,
      });
      return addressOut(await addressOf(ctx.db, b.memberId, id ?? ""));
    },

    async updAddress(input: In<"updAddress">, ctx: Ctx): Promise<Out<"updAddress">> {
      const b = buyerOf(ctx);
      await holdAddresses(ctx, b.memberId);
      await addressOf(ctx.db, b.memberId, input.id);
      if (!(await repo.areaExists(ctx.db, input.areaCode))) throw badField("areaCode", R.addressNotFound);
      if (input.isDefault) await buyerRepo.clearDefaultAddress(ctx.db, b.memberId);
      await buyerRepo.updateAddress(ctx.db, b.memberId, input.id, {
        name: input.name,
        phone: input.phone,
        areaCode: input.areaCode,
        detail: input.detail,
        ...(input.isDefault ? { isDefault: true } : {}),
      });
      return addressOut(await addressOf(ctx.db, b.memberId, input.id));
    },

    async delAddress(input: In<"delAddress">, ctx: Ctx): Promise<null> {
      const b = buyerOf(ctx);
      await addressOf(ctx.db, b.memberId, input.id);
      await buyerRepo.deleteAddress(ctx.db, b.memberId, input.id);
      return null;
    },
  };
}

/** Every call of `contract.buyer`: account and addresses, cart, purchases. */
export function createBuyerService(deps: { sms: SmsProvider; ports: OrderPorts }) {
  return { ...createBuyerAccountService(deps), ...createCartService(deps.ports), ...createPurchaseService(deps.ports) };
}
