import {
  type Call,
  type CardItem,
  type CardPoolItem,
  type CardState,
  codes,
  type contract,
  type OutputOf,
  type ParsedInputOf,
  couponRefusals as R,
} from "@sbo/contract";
import { iso } from "../../../platform/days";
import { inZone } from "../../../platform/export/columns";
import { xlsxStream } from "../../../platform/export/xlsx";
import type { FileResult } from "../../../platform/http/bind-domain";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound, refuse, stateForbids } from "../../../platform/http/errors";
import { offsetOf } from "../../../platform/http/paging";
import { ruleItemOf } from "../coupon.view";
import * as rules from "../rule/rule.repository";
import { newCardNo, newPassword, passwordHashOf } from "./card-password.rules";
import * as cards from "./card-pool.repository";

/*
 * Card pools (docs/domains/coupon.md): a pool generates password cards for a card rule; a buyer redeems a card (number
 * and password) into a coupon of the rule. A card's password is kept as a SHA-256 hash (high-entropy random passwords:
 * no slow hash needed) and in plain text only until the pool's one export, which drops it.
 */

type P = typeof contract.cardPool;
type In<K extends keyof P> = P[K] extends Call ? ParsedInputOf<P[K]> : never;
type Out<K extends keyof P> = P[K] extends Call ? OutputOf<P[K]> : never;

function poolItemOf(r: cards.PoolViewRow): CardPoolItem {
  return {
    id: r.id,
    name: r.name,
    ruleId: r.rule_id,
    regCode: r.reg_code,
    ruleName: r.rule_name,
    quantity: r.quantity,
    redeemed: Number(r.redeemed),
    invalid: Number(r.invalid),
    state: r.state as CardPoolItem["state"],
    exportedAt: iso(r.exported_at),
    createdAt: iso(r.created_at) as string,
  };
}

function cardItemOf(r: cards.CardViewRow): CardItem {
  return {
    id: r.id,
    cardNo: r.card_no,
    state: r.state as CardState,
    memberName: r.member_name,
    couponId: r.coupon_id,
    redeemedAt: iso(r.redeemed_at),
  };
}

const EXPORT_WORDS = {
  sheet: { en: "Cards", zh: "实体卡" },
  file: { en: "password-cards", zh: "实体卡" },
  cardNo: { en: "Card number", zh: "卡号" },
  password: { en: "Password", zh: "卡密" },
  rule: { en: "Coupon", zh: "优惠券" },
  state: { en: "State", zh: "状态" },
  // A seller's words for a sheet cell, not the state's name in sentences ("unused" read like a code in a column).
  states: {
    unused: { en: "Not redeemed", zh: "未兑换" },
    redeemed: { en: "Redeemed", zh: "已兑换" },
    invalid: { en: "Invalidated", zh: "已作废" },
  },
} as const;

export function createCardPoolService() {
  async function poolView(ctx: Ctx, id: string) {
    const row = await cards.findPoolView(ctx.db, ctx.me().boId, id);
    if (!row) throw notFound(R.poolNotFound);
    return poolItemOf(row);
  }

  return {
    async selCouponCardPoolRegularByPage(
      input: In<"selCouponCardPoolRegularByPage">,
      ctx: Ctx,
    ): Promise<Out<"selCouponCardPoolRegularByPage">> {
      const where = cards.poolWhere(ctx.me().boId, input);
      const [rows, total] = await Promise.all([
        cards.poolPage(ctx.db, where, input.pageSize, offsetOf(input)),
        cards.poolCount(ctx.db, where),
      ]);
      return { list: rows.map(poolItemOf), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async addCouponCardPoolRegular(input: In<"addCouponCardPoolRegular">, ctx: Ctx): Promise<Out<"addCouponCardPoolRegular">> {
      const me = ctx.me();
      const rule = await rules.findRule(ctx.db, me.boId, { id: input.ruleId }, true);
      if (rule?.kind !== "card" || rule.state === "ended") throw badField("ruleId", R.cardRuleRequired);
      const pool = await cards.insertPool(ctx.db, {
        boId: me.boId,
        shopId: rule.shopId,
        ruleId: rule.id,
        name: input.name,
        quantity: input.quantity,
      });
      const numbers = new Set<string>();
      while (numbers.size < input.quantity) numbers.add(newCardNo());
      await cards.insertCards(
        ctx.db,
        [...numbers].map((cardNo) => {
          const password = newPassword();
          return { boId: me.boId, poolId: pool.id, cardNo, passwordHash: passwordHashOf(cardNo, password), passwordPlain: password };
        }),
      );
      return poolView(ctx, pool.id);
    },

    selCouponCardPoolRegularByParam: (input: In<"selCouponCardPoolRegularByParam">, ctx: Ctx) => poolView(ctx, input.id),

    async selCouponInfoAndCardPoolRecordsByPage(
      input: In<"selCouponInfoAndCardPoolRecordsByPage">,
      ctx: Ctx,
    ): Promise<Out<"selCouponInfoAndCardPoolRecordsByPage">> {
      const pool = await cards.findPool(ctx.db, ctx.me().boId, input.poolId);
      if (!pool) throw notFound(R.poolNotFound);
      const where = cards.cardWhere(pool.id, input);
      const [rule, rows, total] = await Promise.all([
        rules.findRuleById(ctx.db, pool.ruleId),
        cards.cardPage(ctx.db, where, input.pageSize, offsetOf(input)),
        cards.cardCount(ctx.db, where),
      ]);
      if (!rule) throw notFound(R.notFound);
      return { list: rows.map(cardItemOf), total, pageNum: input.pageNum, pageSize: input.pageSize, rule: ruleItemOf(rule) };
    },

    async updCouponCardPoolRecordInvalid(
      input: In<"updCouponCardPoolRecordInvalid">,
      ctx: Ctx,
    ): Promise<Out<"updCouponCardPoolRecordInvalid">> {
      const card = await cards.lockCard(ctx.db, ctx.me().boId, input.id);
      if (!card) throw notFound(R.cardNotFound);
      if (card.state !== "unused") {
        const words = card.state === "redeemed" ? EXPORT_WORDS.states.redeemed : EXPORT_WORDS.states.invalid;
        throw stateForbids(R.cardWrongState, { state: words.en, "state.en": words.en, "state.zh": words.zh });
      }
      await cards.updateCard(ctx.db, card.id, { state: "invalid", invalidatedAt: new Date() });
      const row = await cards.findCardView(ctx.db, card.id);
      if (!row) throw notFound(R.cardNotFound);
      return cardItemOf(row);
    },

    async updEliminateCardPool(input: In<"updEliminateCardPool">, ctx: Ctx): Promise<Out<"updEliminateCardPool">> {
      const pool = await cards.findPool(ctx.db, ctx.me().boId, input.id, true);
      if (!pool) throw notFound(R.poolNotFound);
      if (pool.state !== "active") throw stateForbids(R.poolEliminated);
      await cards.invalidateUnused(ctx.db, pool.id);
      await cards.updatePool(ctx.db, pool.id, { state: "eliminated" });
      return poolView(ctx, pool.id);
    },

    /**
     * The pool's cards with their passwords, once: the export is claimed by a conditional update (two exports at once:
     * one wins), the cards read (≤ MAX_POOL_CARDS), the plain passwords dropped, then the sheet streamed.
     */
    async exportEntityCardsData(input: In<"exportEntityCardsData">, ctx: Ctx): Promise<FileResult> {
      const me = ctx.me();
      const pool = await cards.findPool(ctx.db, me.boId, input.id);
      if (!pool) throw notFound(R.poolNotFound);
      if (!(await cards.claimExport(ctx.db, me.boId, pool.id))) {
        const at = pool.exportedAt ? inZone(pool.exportedAt, me.timeZone).toISOString().slice(0, 16).replace("T", " ") : "";
        throw refuse(codes.STATE_FORBIDS, R.alreadyExported, { at });
      }
      const rule = await rules.findRuleById(ctx.db, pool.ruleId);
      const rows = await cards.cardsForExport(ctx.db, pool.id);
      await cards.dropPasswords(ctx.db, pool.id);
      const lang = ctx.lang;
      const stream = xlsxStream(
        EXPORT_WORDS.sheet[lang],
        [
          { header: EXPORT_WORDS.cardNo[lang], width: 22, value: (r: (typeof rows)[number]) => r.cardNo },
          { header: EXPORT_WORDS.password[lang], width: 18, value: (r) => r.password ?? "" },
          { header: EXPORT_WORDS.rule[lang], width: 30, value: () => rule?.name ?? "" },
          { header: EXPORT_WORDS.state[lang], width: 12, value: (r) => EXPORT_WORDS.states[r.state as CardState][lang] },
        ],
        (async function* () {
          yield rows;
        })(),
      );
      return { fileName: `${EXPORT_WORDS.file[lang]}-${pool.name}.xlsx`, stream };
    },
  };
}
