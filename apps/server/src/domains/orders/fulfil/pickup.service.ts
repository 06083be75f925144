import { randomInt } from "node:crypto";
import {
  type AddressItem,
  addressRefusals,
  type contract,
  type DeliveryChoice,
  type DeliveryMode,
  deliveryModeWords,
  fulfilRefusals as F,
  maskPhone,
  type OutputOf,
  type ParsedInputOf,
} from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound, stateForbids } from "../../../platform/http/errors";
import { pageOf } from "../../../platform/http/paging";
import { addressCalls } from "../../address/address.service";
import { areaNames } from "../../reference/reference.service";
import { type Actor, type OrderRow, transition } from "../order.machine";
import { detailOf, sellerDetail } from "../orders.view";
import * as fr from "./fulfil.repository";
import type { PickupPointSnapshot } from "./fulfil.tables";

/*
 * Self-pickup (docs/domains/orders.md "Fulfilment"): the shop's pickup points are its addresses of type `pickup`
 * (the address domain's table, so goods' "self-pickup needs a pickup point" sees the same points); a buyer choosing
 * pickup at checkout pays no freight and gets an 8-digit code, shown in the buyer's order detail once paid; the seller
 * types the code to hand the order over, which completes it through the order machine.
 */

type E = typeof contract.extract;
type In<K extends keyof E> = ParsedInputOf<E[K]>;
type Out<K extends keyof E> = OutputOf<E[K]>;

const sellerOf = (ctx: Ctx) => {
  const me = ctx.me();
  return { boId: me.boId, actor: { kind: "seller", memberId: me.memberId } satisfies Actor as Actor };
};

const pointOf = (a: AddressItem): Out<"addPickupPoint"> => ({
  id: a.id,
  contactName: a.contactName,
  phone: a.phone,
  provinceCode: a.provinceCode,
  cityCode: a.cityCode,
  districtCode: a.districtCode,
  areaName: a.areaPath.map((p) => p.name).join(""),
  areaNameEn: a.areaPath.map((p) => p.nameEn).join(", "),
  detail: a.detail,
  openTime: a.openTime,
  closeTime: a.closeTime,
  isDefault: a.isDefault,
});

const asAddress = (v: In<"addPickupPoint">) => ({ ...v, postcode: null, latitude: null, longitude: null });

async function ownPoint(db: Executor, boId: string, id: string) {
  const row = await fr.ownAddress(db, boId, id, ["pickup"]);
  if (!row) throw notFound(addressRefusals.addressNotFound);
  return row;
}

/** Refuses the express actions (ship) on an order delivered another way. */
export async function refuseOtherModes(db: Executor, order: OrderRow): Promise<void> {
  const f = await fr.fulfilOf(db, order.id);
  if (!f) return;
  const words = deliveryModeWords[f.mode as DeliveryMode];
  throw stateForbids(F.notExpress, { orderNo: order.orderNo, "mode.en": words.en, "mode.zh": words.zh });
}

// ---- checkout ----

export interface ResolvedDelivery {
  choice: DeliveryChoice;
  point: PickupPointSnapshot | null;
}

/** The buyer's delivery choices checked against the checkout's shops: each pickup point must be that shop's. */
export async function resolveDeliveries(
  db: Executor,
  choices: Record<string, DeliveryChoice> | undefined,
  shopIds: string[],
): Promise<Map<string, ResolvedDelivery>> {
  const out = new Map<string, ResolvedDelivery>();
  for (const [boId, choice] of Object.entries(choices ?? {})) {
    if (!shopIds.includes(boId)) throw badField(`deliveries.${boId}`, F.repeatOnePerShop);
    if (choice.mode !== "pickup") {
      out.set(boId, { choice, point: null });
      continue;
    }
    const row = await fr.ownAddress(db, boId, choice.pickupPointId, ["pickup"]);
    if (!row) throw badField(`deliveries.${boId}.pickupPointId`, F.pickupPointUnknown);
    const names = await areaNames(db, [row.provinceCode, row.cityCode, ...(row.districtCode ? [row.districtCode] : [])]);
    const areaName = [row.provinceCode, row.cityCode, row.districtCode].flatMap((c) => (c ? [names.get(c)?.name ?? c] : [])).join("");
    out.set(boId, {
      choice,
      point: {
        id: row.id,
        contactName: row.contactName,
        phone: row.phone,
        areaName,
        detail: row.detail,
        openTime: row.openTime,
        closeTime: row.closeTime,
      },
    });
  }
  return out;
}

/** The new order's delivery row (none for express); a pickup order gets a code unique in its shop. */
export async function recordDelivery(db: Executor, order: { id: string; boId: string }, d: ResolvedDelivery | undefined) {
  if (!d || d.choice.mode === "express") return;
  if (d.choice.mode === "repeated") {
    await fr.insertFulfil(db, {
      orderId: order.id,
      boId: order.boId,
      mode: "repeated",
      repeatTimes: d.choice.times,
      repeatEveryDays: d.choice.everyDays,
    });
    return;
  }
  for (let i = 0; i < 20; i++) {
    const code = String(randomInt(0, 100_000_000)).padStart(8, "0");
    if (await fr.insertFulfil(db, { orderId: order.id, boId: order.boId, mode: "pickup", pickupPoint: d.point, pickupCode: code })) return;
  }
  throw new Error("no free pickup code");
}

// ---- the seller's calls ----

export function createPickupService() {
  return {
    async selPickupPointList(input: In<"selPickupPointList">, ctx: Ctx): Promise<Out<"selPickupPointList">> {
      const page = await addressCalls.selAddrListPage({ ...input, type: "pickup" }, ctx);
      return { ...page, list: page.list.map(pointOf) };
    },
    async addPickupPoint(input: In<"addPickupPoint">, ctx: Ctx): Promise<Out<"addPickupPoint">> {
      return pointOf(await addressCalls.addAddr({ type: "pickup", ...asAddress(input) }, ctx));
    },
    async updPickupPoint(input: In<"updPickupPoint">, ctx: Ctx): Promise<Out<"updPickupPoint">> {
      const row = await ownPoint(ctx.db, ctx.me().boId, input.id);
      // What this screen does not edit (postcode, map point) stays as the shop's address settings left it.
      return pointOf(
        await addressCalls.updAddrById(
          {
            ...input,
            postcode: row.postcode,
            latitude: row.latitude,
            longitude: row.longitude,
          },
          ctx,
        ),
      );
    },
    async delPickupPoint(input: In<"delPickupPoint">, ctx: Ctx): Promise<null> {
      await ownPoint(ctx.db, ctx.me().boId, input.id);
      return addressCalls.delAddrById(input, ctx);
    },

    async selAwaitingPickupByPage(input: In<"selAwaitingPickupByPage">, ctx: Ctx): Promise<Out<"selAwaitingPickupByPage">> {
      const q = fr.awaitingWhere(ctx.me().boId, input);
      return pageOf(ctx.db, input, q, async (limit, offset) =>
        (await fr.awaitingPage(ctx.db, q, limit, offset)).map((r) => ({
          orderId: r.order_id,
          orderNo: r.order_no,
          buyerName: r.buyer_name ?? "",
          buyerPhone: maskPhone(r.buyer_phone),
          payAmount: Number(r.pay_amount),
          pieces: r.pieces,
          firstGoodsName: r.first_name,
          pickupPointId: r.pickup_point?.id ?? null,
          pickupPointName: r.pickup_point?.detail ?? "",
          paidAt: r.paid_at === null ? null : new Date(r.paid_at).toISOString(),
          createdAt: new Date(r.created_at).toISOString(),
        })),
      );
    },

    /** The code finds the shop's pickup order; the machine hands it over (paid → completed), once. */
    async verifyPickupCode(input: In<"verifyPickupCode">, ctx: Ctx): Promise<Out<"verifyPickupCode">> {
      const s = sellerOf(ctx);
      const f = await fr.findByPickupCode(ctx.db, s.boId, input.code);
      if (!f) throw notFound(F.pickupCodeUnknown);
      const order = await transition(
        ctx.db,
        { orderId: f.orderId, scope: { boId: s.boId }, action: "pickUp", actor: s.actor },
        async () => {
          const now = new Date();
          await fr.markPickedUp(ctx.db, f.id, now);
          await fr.shipAllLines(ctx.db, f.orderId);
          return {
            to: "completed",
            patch: { shippedAt: now, receivedAt: now },
            detail: { pickupPointId: f.pickupPoint?.id ?? null, pickupPoint: f.pickupPoint?.detail ?? "" },
          };
        },
      );
      return sellerDetail(ctx, detailOf(ctx.db, order));
    },
  };
}
