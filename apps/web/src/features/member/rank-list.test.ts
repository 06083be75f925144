import { contract } from "@sbo/contract";
import { describe, expect, it } from "vitest";
import { rankInput } from "./rank-list";

describe("the rank form", () => {
  it("sends the percent paid as basis points and a spend threshold in yuan as cents", () => {
    const input = rankInput({ name: " Gold ", level: 3, thresholdType: "spend", thresholdValue: 5000.5, discount: 95 }, "R1");
    expect(input).toEqual({
      id: "R1",
      name: "Gold",
      level: 3,
      thresholdType: "spend",
      thresholdValue: 500_050,
      discount: 9500,
      benefits: "",
    });
    expect(contract.member.addMemberRank.input.safeParse(input).success).toBe(true);
  });

  it("sends a points threshold as it is, and no id for a new rank", () => {
    const input = rankInput({ name: "Diamond", level: 5, thresholdType: "points", thresholdValue: 25_000, discount: 90 });
    expect(input).toMatchObject({ thresholdValue: 25_000, discount: 9000 });
    expect("id" in input).toBe(false);
  });
});
