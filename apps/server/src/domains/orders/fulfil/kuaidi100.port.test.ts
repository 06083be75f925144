import { Writable } from "node:stream";
import { codes, contract } from "@sbo/contract";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { type StandIn, startStandIn } from "../../../test/stand-in";
import { orderInfo, orderShipment } from "../orders.tables";
import { TrackingError } from "./fulfil-support.service";
import { kuaidi100Company, kuaidi100Sign, kuaidi100Tracker } from "./kuaidi100.port";

const KEY = "TEST-KEY";
const CUSTOMER = "TEST-CUSTOMER";
/** Kuaidi100's answer for a waybill on its way (newest event first, Beijing time). */
const onItsWay = {
  message: "ok",
  nu: "SF1234567890",
  ischeck: "0",
  condition: "00",
  com: "shunfeng",
  status: "200",
  state: "0",
  data: [
    { time: "2026-11-28 09:10:00", ftime: "2026-11-28 09:10:00", context: "[杭州市] 快件已到达 杭州西湖营业点" },
    { time: "2026-11-27 21:05:33", ftime: "2026-11-27 21:05:33", context: "[上海市] 顺丰速运 已收取快件" },
  ],
};
/** Like Kuaidi100: the sign must be MD5(param + key + customer) in uppercase, else returnCode 503. */
const signedRight = (body: string) => {
  const f = Object.fromEntries(new URLSearchParams(body));
  return f.customer === CUSTOMER && f.sign === kuaidi100Sign(f.param ?? "", KEY, CUSTOMER);
};

let api: StandIn;
beforeAll(async () => {
  api = await startStandIn();
});
beforeEach(() => {
  api.received.length = 0;
  api.answer((r) =>
    signedRight(r.body)
      ? { status: 200, json: onItsWay }
      : { status: 200, json: { result: false, returnCode: "503", message: "验证签名失败" } },
  );
});
afterAll(() => api.close());

describe("kuaidi100Sign", () => {
  it("when param, key and customer are given, then the sign is MD5 of them joined, in 32 uppercase hex digits", () => {
    // Computed by hand with md5sum from the published rule (the documentation shows no unmasked example).
    expect(kuaidi100Sign('{"com":"shunfeng","num":"SF1234567890","phone":"13900001111"}', KEY, CUSTOMER)).toBe(
      "A7333675E4515CF5ED38F22159A82DD1",
    );
  });

  it("when the express code is one of the dictionary's, then Kuaidi100's company code is used; an unknown one goes lowercased", () => {
    expect(["SF", "ZTO", "YTO", "STO", "JD", "EMS"].map(kuaidi100Company)).toEqual([
      "shunfeng",
      "zhongtong",
      "yuantong",
      "shentong",
      "jd",
      "ems",
    ]);
    expect(kuaidi100Company("huitongkuaidi")).toBe("huitongkuaidi");
  });
});

describe("kuaidi100Tracker against a stand-in of /poll/query.do", () => {
  const tracker = (over: Partial<Parameters<typeof kuaidi100Tracker>[0]> = {}) =>
    kuaidi100Tracker({ key: KEY, customer: CUSTOMER, url: api.url, ...over });

  it("when a shipment is tracked, then one signed form POST asks for its company, number and phone; the events come oldest first", async () => {
    const events = await tracker().track({ expressCode: "SF", trackingNo: "SF1234567890", phone: "13900001111" });
    expect(api.received).toHaveLength(1);
    const r = api.received[0];
    expect(r?.method).toBe("POST");
    expect(r?.url).toBe("/poll/query.do");
    expect(r?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(signedRight(r?.body ?? "")).toBe(true);
    expect(JSON.parse(new URLSearchParams(r?.body).get("param") ?? "")).toEqual({
      com: "shunfeng",
      num: "SF1234567890",
      phone: "13900001111",
    });
    expect(events).toEqual([
      { at: new Date("2026-11-27T13:05:33Z"), text: "[上海市] 顺丰速运 已收取快件" },
      { at: new Date("2026-11-28T01:10:00Z"), text: "[杭州市] 快件已到达 杭州西湖营业点" },
    ]);
  });

  it("when the key is wrong, then Kuaidi100's returnCode is the error's code", async () => {
    const err = await tracker({ key: "wrong" })
      .track({ expressCode: "ZTO", trackingNo: "7310001", phone: null })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TrackingError);
    expect(err).toMatchObject({ provider: "kuaidi100", providerCode: "503", noResult: false });
    expect(JSON.parse(new URLSearchParams(api.received[0]?.body).get("param") ?? "")).toEqual({ com: "zhongtong", num: "7310001" });
  });

  it("when Kuaidi100 has no result yet (returnCode 500), then the error says so", async () => {
    api.answer(() => ({ status: 200, json: { result: false, returnCode: "500", message: "查询无结果，请隔段时间再查" } }));
    await expect(tracker().track({ expressCode: "SF", trackingNo: "SF0", phone: "13900001111" })).rejects.toMatchObject({
      providerCode: "500",
      noResult: true,
    });
  });

  it("when Kuaidi100 does not answer in time, then the error says it was unreachable", async () => {
    api.answer(() => "hang");
    await expect(tracker({ timeoutMs: 150 }).track({ expressCode: "SF", trackingNo: "SF0", phone: null })).rejects.toMatchObject({
      providerCode: "unreachable",
    });
  });
});

describe("a shipment's tracking (getExpressInfo) with EXPRESS_PROVIDER=kuaidi100", () => {
  let t: TestApp;
  let owner: string;
  let shipment: { id: string; orderId: string; trackingNo: string; phone: string };
  const lines: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });

  beforeAll(async () => {
    t = await createTestApp({
      env: { EXPRESS_PROVIDER: "kuaidi100", KUAIDI100_KEY: KEY, KUAIDI100_CUSTOMER: CUSTOMER, KUAIDI100_URL: api.url, LOG_LEVEL: "info" },
      logStream,
    });
    owner = await t.login("demo");
    const boId = (await t.call(contract.session.getMemberByToken, {}, { ticket: owner })).data.boId as string;
    const [row] = await t.db
      .select({ id: orderShipment.id, orderId: orderShipment.orderId, trackingNo: orderShipment.trackingNo, address: orderInfo.address })
      .from(orderShipment)
      .innerJoin(orderInfo, eq(orderInfo.id, orderShipment.orderId))
      .where(and(eq(orderShipment.boId, boId), eq(orderShipment.expressCode, "SF"), isNull(orderInfo.sellerDeletedAt)))
      .limit(1);
    if (!row) throw new Error("the demo shop has no SF shipment");
    shipment = { id: row.id, orderId: row.orderId, trackingNo: row.trackingNo, phone: row.address.phone };
  });
  afterAll(() => t.close());

  const track = () =>
    t.call(contract.fulfilSupport.getExpressInfo, { orderId: shipment.orderId, shipmentId: shipment.id }, { ticket: owner });

  it("when Kuaidi100 knows the waybill, then its events are the tracking, asked with the receiver's phone", async () => {
    const res = await track();
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.provider).toBe("kuaidi100");
    expect(res.data.events.map((e) => [e.event, e.text])).toEqual([
      ["provider", "[上海市] 顺丰速运 已收取快件"],
      ["provider", "[杭州市] 快件已到达 杭州西湖营业点"],
    ]);
    expect(JSON.parse(new URLSearchParams(api.received[0]?.body).get("param") ?? "")).toEqual({
      com: "shunfeng",
      num: shipment.trackingNo,
      phone: shipment.phone,
    });
  });

  it("when Kuaidi100 refuses, then the seller sees the events the system recorded and the log names Kuaidi100's code", async () => {
    api.answer(() => ({ status: 200, json: { result: false, returnCode: "601", message: "POLL:KEY已过期" } }));
    const res = await track();
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.provider).toBeNull();
    expect(res.data.events.length).toBeGreaterThan(0);
    expect(res.data.events.every((e) => e.text === null)).toBe(true);
    expect(lines.find((l) => l.providerCode === "601")).toMatchObject({ provider: "kuaidi100", expressCode: "SF", level: 40 });
  });
});
