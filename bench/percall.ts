// The per-call cost (issue 24 goal 3): the authenticated no-op and an order's detail, each beside its ceiling, at
// concurrency 1 and 8. The ceilings are bare Fastify routes on the same pool and driver: one indexed query on
// `user_session` for the no-op; for the detail, that query then the detail's own two statements (the order's row and
// `partsOf`), so the call may cost at most three statements (session, order, parts) and the ceiling runs all three.
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { findSellerOrder } from "../apps/server/src/domains/orders/orders.repository";
import { detailOf } from "../apps/server/src/domains/orders/orders.view";
import { hashTicket } from "../apps/server/src/platform/auth/tickets";
import type { Executor } from "../apps/server/src/platform/db/client";

export const ORDER_DETAIL = "/api/seller/trading/order/info/selSellerOrderDetailById";

/** An order of the bench's seller with two lines (`bench/orders.ts` gives odd-numbered orders two). */
export const detailOrderId = (rows: number) => `BO${String(Math.floor(rows / 2) | 1).padStart(24, "0")}`;

/** The bare route: the session's row by the ticket's hash, the order's row, its parts (orders.view.ts `detailOf`). */
export async function detailCeiling(db: Executor, boId: string) {
  const app = Fastify({ logger: false });
  app.post("/detail-ceiling", async (req) => {
    const cookie = /ticket=([^;]+)/.exec(String(req.headers.cookie ?? ""))?.[1] ?? "";
    const { rows } = await db.execute(
      sql`select member_id, bo_id, employee_id, expires_at, revoked_at, last_seen_at from user_session where token_hash = ${hashTicket(cookie)}`,
    );
    if (!rows[0]) throw new Error("no session");
    const order = await findSellerOrder(db, boId, (req.body as { id: string }).id);
    if (!order) throw new Error("no order");
    return { code: "0", msg: "success", data: await detailOf(db, order) };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}
