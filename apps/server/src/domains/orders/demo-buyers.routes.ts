import { codes, platformRefusals } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { lastLoggedCode } from "../../platform/auth/sms";
import type { Platform } from "../../platform/http/bind-domain";
import { failure, success } from "../../platform/http/envelope";

/** The phones `npm run demo:buyers` logs in with (a range no real buyer is given: the demo's own, like its logins). */
export const DEMO_BUYER_PHONE = /^135009902\d\d$/;

/**
 * Only on a demo server (SEED_DEMO on, NODE_ENV not production) with the log SMS provider: the login code last sent to
 * one of the demo driver's phones, so `npm run demo:buyers` can log its buyers in over HTTP as a person reading the
 * SMS would. Hidden from the API document; any other phone answers "not found".
 */
export function demoBuyerRoutes(app: FastifyInstance, platform: Platform) {
  const { config } = platform;
  if (!config.seedDemo || config.env === "production" || config.sms.provider !== "log") return;
  app.post("/api/buyer/demo/lastSmsCode", { schema: { hide: true } }, async (req, reply) => {
    const phone = String((req.body as { phone?: unknown } | null)?.phone ?? "");
    const code = DEMO_BUYER_PHONE.test(phone) ? await lastLoggedCode(platform.db, phone) : null;
    if (!code) return reply.code(404).send(failure(codes.NOT_FOUND, platformRefusals.notFound.en, null, platformRefusals.notFound));
    return reply.send(success({ code }));
  });
}
