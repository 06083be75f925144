import { codes, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerPost } from "../../test/buyer-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { onShelfSku, orderScene } from "../../test/order-kit";
import { watchStatements } from "../../test/statements";

const B = contract.buyer;
let t: TestApp;
let buyer: string;
let addressId: string;
let owner: string;
let image: string;

beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (m: string) => { if (m.includes("rror")) console.log(m.slice(0, 3000)); } } as never, env: { LOG_LEVEL: "error" } });
  ({ owner, image, buyer, addressId } = await orderScene(t, "13900000071", "Li Lei"));
}, 300_000);
afterAll(() => t.close());

describe("checkout statements", () => {
  it("logs", async () => {
    const a = await onShelfSku(t, owner, image, "Apples", 1000, 50);
    const b = await onShelfSku(t, owner, image, "Pears", 1000, 50);
    const w = watchStatements(t.database);
    for (const items of [[{ skuId: a, quantity: 1 }], [{ skuId: a, quantity: 1 }, { skuId: b, quantity: 2 }]]) {
      w.reset();
      const res = await buyerPost(t, B.submitOrder.path, { addressId, items }, { ticket: buyer });
      console.log(`--- ${items.length} lines: ${w.texts.length} statements\n${w.texts.map((s, i) => `${i + 1}. ${s.slice(0, 220)}`).join("\n")}`);
      expect(res.code, res.msg).toBe(codes.OK);
    }
  });
});
