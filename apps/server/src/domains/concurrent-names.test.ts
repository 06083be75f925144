import { codes, contract } from "@sbo/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLogin, buyerPost } from "../test/buyer-kit";
import { TEST_PASSWORD } from "../test/fixtures";
import { createTestApp, type TestApp } from "../test/harness";

/**
 * docs/security.md, issue 22 finding 5: the same name created 8 times at once. The name check and the insert raced,
 * so the unique index answered the losers with a 500; now the check holds the name for its transaction (names.ts), so
 * exactly one is created and every other gets the domain's own "name taken" refusal, a 400 naming the field. Each
 * domain that keeps names unique through the one shared check is tried here, on PostgreSQL for real concurrency.
 */
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
});
afterAll(() => t.close());

const AT_ONCE = 8;

/** Sends `bodyOf(i)` to `path` 8 times at once: the answers, and how many succeeded. */
async function atOnce(path: string, bodyOf: (i: number) => Record<string, unknown>) {
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => t.post(path, bodyOf(i), { ticket: owner })));
  return { answers, created: answers.filter((a) => a.code === codes.OK).length };
}

const S = contract.staff;
const M = contract.member;
const F = contract.freight;

const cases: [string, string, string, string, (i: number) => Record<string, unknown>][] = [
  ["roles", S.addRole.path, "name", "staff.roleNameTaken", () => ({ name: "Packers", functions: ["home"] })],
  ["bases", S.addBase.path, "name", "staff.baseNameTaken", () => ({ name: "River farm", kind: "farm", areaCode: "330106", address: "" })],
  [
    "ranks",
    M.addMemberRank.path,
    "name",
    "member.rankNameTaken",
    () => ({ name: "Jade", level: 42, thresholdType: "points", thresholdValue: 100, discount: 9900 }),
  ],
  ["tags", M.addOrUpdMemberTag.path, "name", "member.tagNameTaken", () => ({ name: "Night owls", color: "#1677ff" })],
  [
    "freight templates",
    F.add.path,
    "name",
    "freight.nameTaken",
    () => ({
      name: "Mountain post",
      chargeType: "piece",
      defaultRule: { firstUnit: 1, firstFee: 1000, additionalUnit: 1, additionalFee: 500 },
    }),
  ],
  [
    "staff login names",
    S.addMemberEmployee.path,
    "loginName",
    "staff.loginNameTaken",
    (i) => ({ name: `Racer ${i}`, loginName: "racer", phone: `1370000${String(i).padStart(4, "0")}`, password: TEST_PASSWORD }),
  ],
];

describe.each(cases)("%s", (_what, path, field, reason, bodyOf) => {
  it(`when the same name is created ${AT_ONCE} times at once, then one is created and every other is refused as taken, never a 500`, async () => {
    const { answers, created } = await atOnce(path, bodyOf);
    expect(created, JSON.stringify(answers.map((a) => [a.status, a.code, a.msg]))).toBe(1);
    for (const a of answers.filter((x) => x.code !== codes.OK)) {
      expect(a.status, a.msg).toBe(400);
      expect(a.data).toMatchObject({ issues: [{ path: field, reason }] });
    }
  });
});

describe("a buyer's default address", () => {
  it(`when a buyer sets ${AT_ONCE} addresses as the default at once, then every call succeeds and exactly one is the default`, async () => {
    const phone = "13900000466";
    const ticket = await buyerLogin(t, phone);
    const B = contract.buyer;
    const ids: string[] = [];
    for (let i = 0; i < AT_ONCE; i++) {
      const a = await buyerPost<{ id: string }>(
        t,
        B.addAddress.path,
        { name: `Home ${i}`, phone, areaCode: "330106", detail: `${i} West Lake Rd`, isDefault: false },
        { ticket },
      );
      expect(a.code, a.msg).toBe(codes.OK);
      ids.push(a.data.id);
    }
    const answers = await Promise.all(
      ids.map((id, i) =>
        buyerPost(
          t,
          B.updAddress.path,
          { id, name: `Home ${i}`, phone, areaCode: "330106", detail: `${i} West Lake Rd`, isDefault: true },
          { ticket },
        ),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(ids.map(() => codes.OK));
    const list = await buyerPost<{ id: string; isDefault: boolean }[]>(t, B.selAddressList.path, {}, { ticket });
    expect(list.data.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it(`when a new buyer adds ${AT_ONCE} addresses at once, then each is added and exactly one is the default`, async () => {
    const phone = "13900000467";
    const ticket = await buyerLogin(t, phone);
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        buyerPost(
          t,
          contract.buyer.addAddress.path,
          { name: `Flat ${i}`, phone, areaCode: "330106", detail: `${i} Lake Rd`, isDefault: i % 2 === 0 },
          { ticket },
        ),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => codes.OK));
    const rows = (await t.db.execute(
      sql`select count(*)::int as n from buyer_address a join member m on m.id = a.member_id where m.phone = ${phone} and a.is_default`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(1);
  });
});
