import {
  codes,
  type complaintCategories,
  type complaintStatuses,
  type contract,
  fulfilRefusals as F,
  MAX_COMPLAINTS_PER_ORDER,
  type OutputOf,
  type ParsedInputOf,
  orderRefusals as R,
} from "@sbo/contract";
import type { Ctx } from "../../../platform/http/context";
import { notFound, refuse } from "../../../platform/http/errors";
import { areaNames } from "../../reference/reference.service";
import { lockOrder } from "../order.machine";
import * as repo from "../orders.repository";
import * as fr from "./fulfil.repository";

/*
 * The shop's warehouses (its shipping and return addresses), a shipment's tracking and a complaint to the platform
 * (docs/domains/orders.md "Fulfilment").
 */

type S = typeof contract.fulfilSupport;
type In<K extends keyof S> = ParsedInputOf<S[K]>;
type Out<K extends keyof S> = OutputOf<S[K]>;

/** The shipment a tracking provider is asked about. */
export interface TrackedShipment {
  /** An item of the `express` dictionary (SF, ZTO…): the provider maps it to its own company code. */
  expressCode: string;
  trackingNo: string;
  /** The receiver's phone: SF Express (and some others) answer only when it matches the waybill's. */
  phone: string | null;
}

/** The provider failed or refused (its own code, else `unreachable`/`http-<status>`); `noResult`: it knows no events yet. */
export class TrackingError extends Error {
  constructor(
    readonly provider: string,
    readonly providerCode: string,
    message: string,
    readonly noResult = false,
  ) {
    super(message);
  }
}

/**
 * A tracking provider (a logistics data service such as Kuaidi100). Without one, or when it fails, tracking shows the
 * events the system recorded.
 */
export interface ExpressTracker {
  name: string;
  /** The shipment's events, oldest first. Throws TrackingError. */
  track(shipment: TrackedShipment): Promise<{ at: Date; text: string }[]>;
}

export function createFulfilSupportService(deps: { tracker: ExpressTracker | null }) {
  return {
    async selShopWarehouseByBoId(_input: unknown, ctx: Ctx): Promise<Out<"selShopWarehouseByBoId">> {
      const rows = await fr.warehousesOf(ctx.db, ctx.me().boId);
      const names = await areaNames(
        ctx.db,
        rows.flatMap((r) => [r.provinceCode, r.cityCode, ...(r.districtCode ? [r.districtCode] : [])]),
      );
      return rows.map((r) => {
        const path = [r.provinceCode, r.cityCode, r.districtCode].flatMap((c) => (c ? [names.get(c) ?? { name: c, nameEn: c }] : []));
        return {
          id: r.id,
          type: r.type as "shipping" | "return",
          contactName: r.contactName,
          phone: r.phone,
          areaName: path.map((p) => p.name).join(""),
          areaNameEn: path.map((p) => p.nameEn).join(", "),
          detail: r.detail,
          isDefault: r.isDefault,
        };
      });
    },

    async getExpressInfo(input: In<"getExpressInfo">, ctx: Ctx): Promise<Out<"getExpressInfo">> {
      const order = await repo.findSellerOrder(ctx.db, ctx.me().boId, input.orderId);
      if (!order) throw notFound(R.notFound);
      const shipment = (await repo.shipmentsOf(ctx.db, order.id)).find((s) => s.id === input.shipmentId);
      if (!shipment) throw notFound(F.shipmentUnknown);
      const head = {
        expressCode: shipment.expressCode,
        expressName: shipment.expressName ?? shipment.expressCode,
        expressNameEn: shipment.expressNameEn ?? shipment.expressCode,
        trackingNo: shipment.trackingNo,
      };
      if (deps.tracker) {
        try {
          const events = await deps.tracker.track({
            expressCode: shipment.expressCode,
            trackingNo: shipment.trackingNo,
            phone: order.address.phone || null,
          });
          return {
            ...head,
            provider: deps.tracker.name,
            events: events.map((e) => ({ at: e.at.toISOString(), event: "provider", text: e.text })),
          };
        } catch (err) {
          if (!(err instanceof TrackingError)) throw err;
          // The seller still sees what the system recorded; the operator finds why in the log.
          if (!err.noResult)
            ctx.req.log.warn(
              { provider: err.provider, providerCode: err.providerCode, expressCode: shipment.expressCode },
              `tracking failed: ${err.message}`,
            );
        }
      }
      const events = await fr.shipmentEvents(ctx.db, order.id, shipment.id);
      return { ...head, provider: null, events: events.map((e) => ({ at: e.at.toISOString(), event: e.event, text: null })) };
    },

    async selComplaintsByOrder(input: In<"selComplaintsByOrder">, ctx: Ctx): Promise<Out<"selComplaintsByOrder">> {
      const order = await repo.findSellerOrder(ctx.db, ctx.me().boId, input.orderId);
      if (!order) throw notFound(R.notFound);
      const rows = await fr.complaintsOf(ctx.db, order.id);
      return rows.map((r) => ({
        id: r.id,
        about: r.about as "order" | "buyer",
        category: r.category as (typeof complaintCategories)[number],
        content: r.content,
        status: r.status as (typeof complaintStatuses)[number],
        createdAt: r.createdAt.toISOString(),
      }));
    },

    async complaintInformAdd(input: In<"complaintInformAdd">, ctx: Ctx): Promise<Out<"complaintInformAdd">> {
      const me = ctx.me();
      // The order locked: two complaints at once still count to the cap one after the other.
      const order = await lockOrder(ctx.db, input.orderId, { boId: me.boId });
      if ((await fr.complaintCount(ctx.db, order.id)) >= MAX_COMPLAINTS_PER_ORDER)
        throw refuse(codes.CONFLICT, F.complaintTooMany, { orderNo: order.orderNo, max: MAX_COMPLAINTS_PER_ORDER });
      const row = await fr.insertComplaint(ctx.db, {
        boId: me.boId,
        memberId: me.memberId,
        orderId: order.id,
        buyerMemberId: order.buyerMemberId,
        about: input.about,
        category: input.category,
        content: input.content,
      });
      return { id: row.id, createdAt: row.createdAt.toISOString() };
    },
  };
}
