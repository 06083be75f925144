import { codes, contract, fill, orderRefusals, platformRefusals } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { failure, success } from "../../platform/http/envelope";
import { AppError } from "../../platform/http/errors";
import { tagOf } from "../../platform/http/openapi";
import { createBuyerService } from "./buyer/buyer.service";
import { createOrderChangeService } from "./change/change.service";
import { createOrderDeskService } from "./desk/desk.service";
import { fulfilRoutes } from "./fulfil/fulfil.routes";
import { kuaidi100Tracker } from "./fulfil/kuaidi100.port";
import { applyPayment, BadSignature, ProviderNotEnabled } from "./order-effects.service";
import { createSellerOrderService } from "./orders.service";
import type { OrderPorts } from "./orders-needs.port";
import { mediaTypeOf } from "./payment/payment.port";
import { createPaymentRefundService } from "./payment/payment-refund.service";
import { exportPayList } from "./voucher/voucher.export";
import { createVoucherImageUpload, createVoucherService } from "./voucher/voucher.service";
import { createWarehouseService } from "./warehouse/warehouse.service";

/** What a provider's notification may be: Alipay's form, XML (other providers), JSON (the sandbox). */
const NOTIFY_TYPES = ["application/x-www-form-urlencoded", "text/xml", "application/xml", "application/json"];
/** A notification is a few kilobytes; this path takes no more than 64 KiB (the other calls 1 MiB). */
const NOTIFY_BODY_LIMIT = 64 * 1024;

export function ordersRoutes(app: FastifyInstance, platform: Platform, ports: OrderPorts, files: FileStore) {
  bindDomain(app, platform, contract.orders, createSellerOrderService(ports));

  // Repeated delivery, pickup, batch ship, warehouses, tracking, complaints (fulfil.routes.ts); tracking from
  // Kuaidi100 when EXPRESS_PROVIDER names it.
  const express = platform.config.express;
  fulfilRoutes(app, platform, express ? kuaidi100Tracker(express) : null);
  bindDomain(app, platform, contract.orderWarehouse, createWarehouseService(ports));
  bindDomain(app, platform, contract.orderDesk, createOrderDeskService());
  bindDomain(app, platform, contract.buyer, createBuyerService({ sms: platform.sms, ports }), {
    rateLimited: ["sendLoginCode", "smsLogin"],
  });

  // Offline payment (the buyer's voucher, the seller's review queue), refunds of online payments, and order changes.
  const { uploadVoucher, deleteOrder, ...voucherReview } = createVoucherService();
  bindDomain(app, platform, contract.orderPay, { ...voucherReview, exportPayList, ...createPaymentRefundService(ports) });
  bindDomain(app, platform, contract.buyerPay, { ...createVoucherImageUpload(files), uploadVoucher, deleteOrder });
  bindDomain(app, platform, contract.orderChange, createOrderChangeService(ports));

  /*
   * A payment provider's notification: posted by the provider's server, so no ticket, no sign-token and no
   * systemId — the provider's signature is the check. One transaction; applying it twice changes nothing.
   * Providers sign the exact text they send, in their own format (Alipay: a form; others XML or JSON), so this path
   * alone reads its body as bytes, in a scope of its own: every other route keeps the ordinary JSON parser.
   */
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(NOTIFY_TYPES, { parseAs: "buffer", bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.post(
      "/api/buyer/trading/pay/notify/:provider",
      {
        bodyLimit: NOTIFY_BODY_LIMIT,
        schema: {
          summary:
            "A payment provider's signed notification, in its own format: the sandbox's JSON (paymentId, providerRef, amount, result, " +
            "signature), Alipay's form (answered with the plain text success)",
          tags: [tagOf("buyerPay")],
          operationId: "buyerPay.notify",
          consumes: NOTIFY_TYPES,
          // No sign-token and no ticket: the provider's signature is the check.
          security: [],
          params: { type: "object", properties: { provider: { type: "string" } }, required: ["provider"] },
        },
      },
      async (req, reply) => {
        const { provider } = req.params as { provider: string };
        const answerOf = Object.hasOwn(ports.payments, provider) ? ports.payments[provider]?.reply : undefined;
        const notification = {
          rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          headers: req.headers,
          contentType: mediaTypeOf(req.headers["content-type"]),
        };
        try {
          const result = await platform.db.transaction((tx) => applyPayment(tx, ports, provider, notification));
          if (answerOf) {
            const a = answerOf(true);
            return reply.code(a.status).type(a.contentType).send(a.body);
          }
          return reply.send(success(result));
        } catch (err) {
          if (err instanceof ProviderNotEnabled) {
            // As for any unknown call (app.ts): a provider this server does not run has no notify path.
            const r = platformRefusals.noSuchCall;
            const params = { call: `${req.method} ${req.url.split("?")[0]}` };
            return reply.code(404).send(failure(codes.NOT_FOUND, fill(r.en, params), null, { reason: r.reason, params }));
          }
          if (err instanceof BadSignature) {
            req.log.warn({ provider }, "payment notification refused: bad signature or shape");
            if (answerOf) {
              const a = answerOf(false);
              return reply.code(403).type(a.contentType).send(a.body);
            }
            const r = orderRefusals.signatureInvalid;
            return reply.code(403).send(failure(codes.FORBIDDEN, r.en, null, r));
          }
          if (answerOf && err instanceof AppError) {
            // Signed, but for a payment this server does not hold: refused in the provider's form (it sends it again).
            req.log.warn({ provider, code: err.code }, "payment notification refused");
            const a = answerOf(false);
            return reply.code(err.status).type(a.contentType).send(a.body);
          }
          throw err;
        }
      },
    );
  });
}
