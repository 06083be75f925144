import { member } from "@sbo/contract/member";
import { templates } from "@sbo/contract/templates";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { toRequestFilters } from "@/components/list-filters";
import { centsOf, formatCents } from "@/platform/money";
import { memberFilterFields, toServerFilters, toUrlFilters } from "./member-filters";

const labels = { name: "n", phone: "p", memberNo: "no", rank: "r", tags: "t", status: "s", joined: "j", spendMin: "a", spendMax: "b" };
const fields = memberFilterFields(labels, { ranks: [], tags: [], statuses: [] });

describe("the member list's filters", () => {
  it("send spend typed in yuan as cents and joining days as instants the contract accepts", () => {
    const url = { name: "Li", spendMin: "1000", spendMax: "2500.5", joinedFrom: "2026-01-01", joinedTo: "2026-03-31", status: "active" };
    const server = toServerFilters(toRequestFilters(url, fields));
    expect(server).toMatchObject({ name: "Li", spendMin: 100_000, spendMax: 250_050, status: "active" });
    expect(server.joinedFrom).toBe(dayjs("2026-01-01").startOf("day").toISOString());
    expect(member.selMemberByParam.input.safeParse(server).success).toBe(true);
    expect(templates.addDataTemp.input.safeParse({ type: "memberList.filters", name: "Q1", content: server }).success).toBe(true);
  });

  it("pass an amount that is not one on as typed, so the server names the field", () => {
    expect(toServerFilters({ spendMin: "lots" }).spendMin).toBe("lots");
  });

  it("turn saved filters back into the URL values they came from", () => {
    const url = { rankId: "R1", tagId: "T1", spendMin: "12.5", joinedFrom: "2026-02-01", joinedTo: "2026-02-28" };
    expect(toUrlFilters(toServerFilters(toRequestFilters(url, fields)))).toEqual(url);
  });
});

describe("money", () => {
  it("reads yuan as cents and shows cents as yuan", () => {
    expect(centsOf("12.34")).toBe(1234);
    expect(centsOf(0.1)).toBe(10);
    expect(centsOf("1.234")).toBeNaN();
    expect(formatCents(123456)).toBe("¥1,234.56");
  });
});
