// biome-ignore lint/style/noRestrictedImports: test support finds any domain's entry by its path
import { contract } from "@sbo/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "@/platform/api-client";
import { answerOf, stubContractFetch } from "./contract-fetch";

afterEach(() => vi.unstubAllGlobals());

const gold = {
  id: "R1",
  name: "Gold",
  level: 2,
  thresholdType: "spend",
  thresholdValue: 100_000,
  discount: 9500,
  benefits: "Free shipping",
  memberCount: 3,
} as const;

describe("contract fetch stubs", () => {
  it("when a stub answers what the contract says, then the call resolves with it", async () => {
    const { requests } = stubContractFetch((entry) => (entry === contract.member.selMemberRankList ? [gold] : undefined));
    await expect(call(contract.member.selMemberRankList, {})).resolves.toEqual([gold]);
    expect(requests.map((r) => r.entry)).toEqual([contract.member.selMemberRankList]);
  });

  it("when a stub drifts from the contract (a field missing or of the wrong type), then building it fails", () => {
    const { memberCount: _gone, ...withoutCount } = gold;
    expect(() => answerOf(contract.member.selMemberRankList, [withoutCount] as never)).toThrow(/drifts from the contract/);
    expect(() => answerOf(contract.member.selMemberRankList, [{ ...gold, level: "2" }] as never)).toThrow(/level/);
  });

  it("when the screen calls a path that is no contract entry, then the stub refuses it", async () => {
    stubContractFetch(() => undefined);
    await expect(fetch("/api/seller/no/such/call", { method: "POST", body: "{}" })).rejects.toThrow(/no contract entry/);
  });
});
