import * as contract from "@sbo/contract/freight";
import type { MemberInfo } from "@sbo/contract/session";
import { screen } from "@testing-library/react";
import dayjs from "dayjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { Component as FreightListPage } from "./freight-list-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage("en");
});

const template = {
  id: "f1",
  name: "Express by piece",
  chargeType: "piece",
  defaultRule: { firstUnit: 1, firstFee: 500, additionalUnit: 2, additionalFee: 300 },
  regionRuleCount: 1,
  freeRuleCount: 1,
  notDeliveredCount: 3,
  goodsCount: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-03-04T05:06:00.000Z",
};

describe("the freight template list", () => {
  it("when a template is listed, then its counts and units are worded by number and its time in the screens' format, in both languages", async () => {
    const local = dayjs(template.updatedAt).format("YYYY-MM-DD HH:mm");
    for (const [lang, texts] of [
      ["en", ["1 piece: ¥5.00, each 2 pieces more: ¥3.00", "1 region rule, 1 free-shipping condition, 3 areas not delivered"]],
      ["zh", ["首 1 件 ¥5.00，每增加 2 件 加 ¥3.00", "1 条地区运费，1 条包邮条件，3 个不配送地区"]],
    ] as const) {
      setLanguage(lang);
      stubContractFetch((entry) =>
        entry === contract.freight.selByParam ? { list: [template], total: 1, pageNum: 1, pageSize: 20 } : undefined,
      );
      const { unmount } = renderScreen(<FreightListPage />, { member: owner });
      expect(await screen.findByText(texts[0])).toBeTruthy();
      expect(screen.getByText(texts[1])).toBeTruthy();
      expect(screen.getByText(local)).toBeTruthy();
      unmount();
      vi.unstubAllGlobals();
    }
  }, 60_000);
});
