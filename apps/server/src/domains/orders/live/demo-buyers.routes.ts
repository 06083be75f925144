import { codes, platformRefusals } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { lastLoggedCode } from "../../../platform/auth/sms";
import type { Platform } from "../../../platform/http/bind-domain";
import { failure, success } from "../../../platform/http/envelope";

/** The phones `npm run demo:buyers` logs in with (a range no real buyer is given: the demo's own, like its logins). */
export const DEMO_BUYER_PHONE = /^135009902\d\d$/;

/**
 * Only on a demo server with the log SMS provider: the login code last sent to one of the demo driver's phones, so
 * `npm run demo:buyers` can log its buyers in over HTTP as a person reading the SMS would. A demo server is one with
 * the demo data (SEED_DEMO) that is either not in production or on the embedded database — `npm start`, which runs
 * in production mode, is one; a production server on PostgreSQL never is. Hidden from the API document; any other
 * phone answers "not found".
 */
export const demoCodesServed = (config: Platform["config"]) =>
  config.seedDemo && config.sms.provider === "log" && (config.env !== "production" || !config.databaseUrl);

export function demoBuyerRoutes(app: FastifyInstance, platform: Platform) {
  if (!demoCodesServed(platform.config)) return;
  app.post("/api/buyer/demo/lastSmsCode", { schema: { hide: true } }, async (req, reply) => {
    const phone = String((req.body as { phone?: unknown } | null)?.phone ?? "");
    const code = DEMO_BUYER_PHONE.test(phone) ? await lastLoggedCode(platform.db, phone) : null;
    if (!code) return reply.code(404).send(failure(codes.NOT_FOUND, platformRefusals.notFound.en, null, platformRefusals.notFound));
    return reply.send(success({ code }));
  });
}
