/**
 * `npm run demo:buyers`: demo buyers shopping against a running server (`npm start`), so the seller sees orders arrive
 * live. Everything goes over HTTP through the buyer API, as a shop app would: each buyer logs in by SMS code (on a demo
 * server the code the log provider "sent" is read back from `/api/buyer/demo/lastSmsCode`), keeps an address, and
 * every few seconds one of them places an order at a demo shop, then mostly pays it (the sandbox provider's signed
 * notification), sometimes cancels it, sometimes leaves it unpaid, and now and then reminds the seller to ship.
 * The goods come from the demo sellers' own lists (their published demo logins).
 *
 * Options (environment): DEMO_URL (default http://127.0.0.1:8080), SIGN_TOKEN (default seller-web),
 * DEMO_EVERY_SECONDS (default 4), DEMO_ORDERS (stop after this many; default: until Ctrl-C).
 */

import { contract } from "@sbo/contract";

const B = contract.buyer;
const BASE = (process.env.DEMO_URL ?? "http://127.0.0.1:8080").replace(/\/$/, "");
const SIGN_TOKEN = process.env.SIGN_TOKEN ?? "seller-web";
const EVERY_MS = Math.max(1, Number(process.env.DEMO_EVERY_SECONDS ?? 4)) * 1000;
const LIMIT = process.env.DEMO_ORDERS ? Number(process.env.DEMO_ORDERS) : Number.POSITIVE_INFINITY;
const SELLERS = ["demo", "demo2"];
const DEMO_PASSWORD = "Demo@2026!";
const BUYERS = [
  ["13500990201", "周敏", "330106", "文三路 200 号"],
  ["13500990202", "吴磊", "310101", "南京东路 500 号"],
  ["13500990203", "郑洁", "330106", "教工路 88 号"],
  ["13500990204", "孙浩", "310101", "淮海中路 300 号"],
] as const;

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

class CallError extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
    msg: string,
  ) {
    super(`${path}: ${code} ${msg}`);
  }
}

/** POSTs a call as the web does (systemId 71, sign-token, the cookie); keeps the cookie the answer sets. */
async function post<T>(path: string, body: object, jar: Map<string, string>, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${BASE}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "sign-token": SIGN_TOKEN,
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
      ...headers,
    },
    body: JSON.stringify({ systemId: 71, ...body }),
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const [k, v] = (pair ?? "").split("=");
    if (k && v !== undefined) jar.set(k.trim(), v.trim());
  }
  const json = (await res.json()) as Envelope<T>;
  if (json.code !== "0") throw new CallError(path, json.code, json.msg);
  return json.data;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
const yuan = (cents: number) => (cents / 100).toFixed(2);
const log = (...parts: unknown[]) => console.log(new Date().toTimeString().slice(0, 8), ...parts);

interface Sku {
  skuId: string;
  name: string;
  seller: string;
}

/** The demo shops' goods on sale with stock (read through each demo seller's own list). */
async function goodsOnSale(): Promise<Sku[]> {
  const out: Sku[] = [];
  for (const seller of SELLERS) {
    const jar = new Map<string, string>();
    await post(contract.login.login.path, { loginName: seller, password: DEMO_PASSWORD }, jar);
    const page = await post<{ list: { id: string; name: string }[] }>(
      contract.goods.selGoodsInfoByPage.path,
      { pageNum: 1, pageSize: 30, status: "on", kind: "goods" },
      jar,
    );
    for (const g of page.list.slice(0, 12)) {
      const d = await post<{ skus: { id: string; stock: number }[] }>(contract.goods.selGoodsById.path, { id: g.id }, jar);
      for (const s of d.skus) if (s.stock >= 5) out.push({ skuId: s.id, name: g.name, seller });
    }
  }
  return out;
}

interface Buyer {
  phone: string;
  name: string;
  jar: Map<string, string>;
  addressId: string;
}

async function login(phone: string, name: string, area: string, detail: string): Promise<Buyer> {
  const jar = new Map<string, string>();
  try {
    await post(B.sendLoginCode.path, { phone }, jar);
  } catch (err) {
    // A code was sent to this phone less than a minute ago (a restarted driver; that code is used): wait, then again.
    if (!(err instanceof CallError)) throw err;
    log(`${name}: waiting a minute for the SMS resend limit`);
    await sleep(61_000);
    await post(B.sendLoginCode.path, { phone }, jar);
  }
  const { code } = await post<{ code: string }>("/api/buyer/demo/lastSmsCode", { phone }, jar).catch((err: unknown) => {
    if (err instanceof CallError && err.code === "000004")
      throw new Error(`${BASE} does not hand out demo SMS codes: start it with the demo data (npm start; SEED_DEMO=1 on PostgreSQL)`);
    throw err;
  });
  await post(B.smsLogin.path, { phone, code }, jar);
  const addresses = await post<{ id: string }[]>(B.selAddressList.path, {}, jar);
  const addressId =
    addresses[0]?.id ?? (await post<{ id: string }>(B.addAddress.path, { name, phone, areaCode: area, detail, isDefault: true }, jar)).id;
  return { phone, name, jar, addressId };
}

/** Whether the server takes sandbox payments (PAYMENT_PROVIDERS=sandbox); false once it said it does not. */
let paymentsOn = true;

/** Pays through the sandbox provider; answers false when the server takes no online payment (then orders stay unpaid). */
async function payOnline(b: Buyer, orderId: string): Promise<boolean> {
  if (!paymentsOn) return false;
  const p = await post<{ params: Record<string, unknown> }>(B.payOrder.path, { id: orderId }, b.jar, {
    "idempotency-key": `pay-${orderId}`,
  }).catch((err: unknown) => {
    if (!(err instanceof CallError && err.code === "000503")) throw err;
    paymentsOn = false;
    log(
      "online payment is off on this server, so the demo buyers' orders stay unpaid: start it with `PAYMENT_PROVIDERS=sandbox npm start` " +
        "to let them pay through the sandbox (no money moves; never on a server real buyers can reach)",
    );
    return null;
  });
  if (!p) return false;
  // What the sandbox provider's server would post back: its signed notification.
  const res = await fetch(`${BASE}/api/buyer/trading/pay/notify/sandbox`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(p.params),
  });
  if (!res.ok) throw new Error(`payment notification refused: ${res.status}`);
  return true;
}

async function main() {
  log(`demo buyers → ${BASE}`);
  const goods = await goodsOnSale();
  if (goods.length === 0) throw new Error("no demo goods on sale with stock");
  log(`${goods.length} SKUs on sale at ${SELLERS.join(", ")}`);
  const buyers: Buyer[] = [];
  for (const [phone, name, area, detail] of BUYERS) {
    buyers.push(await login(phone, name, area, detail));
    log(`${name} (${phone}) logged in`);
  }
  const paid: { buyer: Buyer; id: string; orderNo: string }[] = [];
  let stop = false;
  process.once("SIGINT", () => {
    stop = true;
    log("stopping");
  });
  for (let n = 0; n < LIMIT && !stop; n++) {
    const b = pick(buyers);
    const first = pick(goods);
    const lines = [first, ...(Math.random() < 0.3 ? [pick(goods.filter((g) => g.seller === first.seller))] : [])];
    const items = [...new Map(lines.map((l) => [l.skuId, { skuId: l.skuId, quantity: 1 + Math.floor(Math.random() * 2) }])).values()];
    try {
      const placed = await post<{ orders: { id: string; orderNo: string; payAmount: number }[] }>(
        B.submitOrder.path,
        { addressId: b.addressId, items },
        b.jar,
        { "idempotency-key": `demo-${Date.now()}-${n}` },
      );
      for (const o of placed.orders) {
        log(`${b.name} ordered ${first.name} at ${first.seller}: ${o.orderNo} ¥${yuan(o.payAmount)}`);
        const roll = Math.random();
        if (roll < 0.7) {
          await sleep(500 + Math.random() * 1500);
          if (await payOnline(b, o.id)) {
            paid.push({ buyer: b, id: o.id, orderNo: o.orderNo });
            log(`  paid ${o.orderNo}`);
          } else log(`  left unpaid ${o.orderNo}`);
        } else if (roll < 0.85) {
          await sleep(500);
          await post(B.cancelOrder.path, { id: o.id, reason: "不想要了" }, b.jar, { "idempotency-key": `cancel-${o.id}` });
          log(`  cancelled ${o.orderNo}`);
        } else log(`  left unpaid ${o.orderNo}`);
      }
      if (paid.length > 0 && Math.random() < 0.15) {
        const p = pick(paid);
        await post(B.remindDelivery.path, { id: p.id }, p.buyer.jar).then(
          () => log(`${p.buyer.name} reminded the seller to ship ${p.orderNo}`),
          () => {},
        );
      }
    } catch (err) {
      // Out of stock, not delivered to this area, a shop closed: try something else next time.
      log(`  (${err instanceof Error ? err.message : String(err)})`);
    }
    await sleep(EVERY_MS * (0.5 + Math.random()));
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
