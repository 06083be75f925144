// One ceiling process of the scale-out bench (bench/scale.ts starts N of them behind the same HAProxy as the real
// servers): a bare Fastify app on the same driver and pool size (node-postgres, DATABASE_POOL_MAX) serving
// - the order list's repository SQL (bench/orders.ts `ordersCeilingRoutes`: page ids, summaries, capped tab counts);
// - the checkout: the buyer service's own `submitOrder` in one transaction, for the buyer named in the body, without
//   the ticket, the contract's validation, idempotency or the envelope's work.
// Environment: PORT, DATABASE_URL, BENCH_BO_ID (the seller whose orders the list reads), DATABASE_POOL_MAX.
import Fastify from "fastify";
import { orderPortsOf } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { createBuyerService } from "../apps/server/src/domains/orders/buyer/buyer.service";
import { openDatabase } from "../apps/server/src/platform/db/client";
import type { Ctx } from "../apps/server/src/platform/http/context";
import { logSmsProvider } from "../apps/server/src/platform/sms/sms-provider";
import { ordersCeilingRoutes } from "./orders";

const env = process.env;
const boId = env.BENCH_BO_ID;
if (!boId || !env.DATABASE_URL) throw new Error("scale-ceiling: BENCH_BO_ID and DATABASE_URL must be set");
const config = loadConfig({ ...env, NODE_ENV: "production", LOG_LEVEL: "silent" });
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pool: config.databasePool });
const app = Fastify({ logger: false });
ordersCeilingRoutes(app, database.db, boId);
const buyers = createBuyerService({ sms: logSmsProvider(app.log, "bench"), ports: orderPortsOf(config) });

type Checkout = { memberId: string; addressId: string; items: { skuId: string; quantity: number }[] };
app.post("/checkout-ceiling", async (req, reply) => {
  const body = req.body as Checkout;
  const answer = await database.db.transaction((tx) =>
    buyers.submitOrder({ addressId: body.addressId, items: body.items }, {
      requestId: String(req.id),
      ip: req.ip,
      userAgent: "",
      lang: "en",
      db: tx,
      config,
      session: null,
      me: () => {
        throw new Error("no seller session");
      },
      ticket: null,
      buyer: { sessionId: "bench", memberId: body.memberId },
      req,
      reply,
    } satisfies Ctx),
  );
  return { code: "0", msg: "success", data: answer };
});
app.get("/readyz", async () => {
  await database.db.execute("select 1");
  return { status: "ok" };
});
await app.listen({ port: Number(env.PORT), host: "127.0.0.1" });
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, () => {
    void app.close().then(() => database.close().then(() => process.exit(0)));
  });
