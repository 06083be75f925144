import * as contract from "@sbo/contract/freight";
import * as reference from "@sbo/contract/reference";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { draftStorageKey, writeDraft } from "@/platform/form-draft";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { Component as FreightFormPage } from "./freight-form-page";
import { emptyFreight, freightInputOf, freightValuesOf } from "./freight-values";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const province = (code: string, name: string) => ({ code, name, nameEn: name, level: 1, isLeaf: false });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const stub = () =>
  stubContractFetch((entry, body) => {
    if (entry === reference.reference.selSpecAreaListByPid)
      return body.pid ? [] : [province("320000", "江苏省"), province("330000", "浙江省"), province("650000", "新疆维吾尔自治区")];
    if (entry === contract.freight.add)
      return {
        id: "f9",
        name: body.name,
        chargeType: body.chargeType,
        defaultRule: body.defaultRule,
        regionRuleCount: 0,
        freeRuleCount: 0,
        notDeliveredCount: 0,
        goodsCount: 0,
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-01T00:00:00.000Z",
        notDelivered: [],
        regionRules: [],
        freeRules: [],
      };
    return undefined;
  });

const open = () =>
  renderScreen(<FreightFormPage />, {
    member: owner,
    url: "/transaction/freightTemplateList/add",
    path: "/transaction/freightTemplateList/add",
  });

describe("the freight template form", () => {
  it("when region rules are removed and a free-shipping condition added, then the saved template carries what is left, in grams and cents", async () => {
    const { requests } = stub();
    writeDraft(draftStorageKey({ boId: "b1", memberId: "m1" }, "freight.add"), {
      ...emptyFreight(),
      name: "Cold chain",
      chargeType: "weight",
      defaultRule: { firstUnit: 1, firstFee: 10, additionalUnit: 0.5, additionalFee: 4 },
      regionRules: [
        { areas: ["330000"], firstUnit: 1, firstFee: 6, additionalUnit: 1, additionalFee: 2 },
        { areas: ["320000"], firstUnit: 2, firstFee: 8.5, additionalUnit: 0.5, additionalFee: 1.5 },
      ],
    });
    open();
    expect(await screen.findByText("Restored your unsaved changes", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Region rule 2" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Remove Region rule 1" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Region rule 2" })).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: /Add free-shipping condition/ }));
    const free = await screen.findByRole("region", { name: "Free-shipping condition 1" });
    fireEvent.change(within(free).getByLabelText("Amount (¥)"), { target: { value: "99" } });

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved the template “Cold chain”", {}, { timeout: 15_000 })).toBeTruthy();
    const sent = requests.find((r) => r.entry === contract.freight.add)?.body;
    expect(sent).toEqual({
      name: "Cold chain",
      chargeType: "weight",
      defaultRule: { firstUnit: 1000, firstFee: 1000, additionalUnit: 500, additionalFee: 400 },
      notDelivered: [],
      regionRules: [{ areas: ["320000"], firstUnit: 2000, firstFee: 850, additionalUnit: 500, additionalFee: 150 }],
      freeRules: [{ areas: [], freeBy: "amount", threshold: 9900 }],
    });
  }, 120_000);

  it("when a new region rule has no area, or repeats another's, then saving is stopped naming the rule", async () => {
    const { requests } = stub();
    writeDraft(draftStorageKey({ boId: "b1", memberId: "m1" }, "freight.add"), {
      ...emptyFreight(),
      name: "Standard",
      regionRules: [{ areas: ["330000"], firstUnit: 1, firstFee: 6, additionalUnit: 1, additionalFee: 2 }],
      freeRules: [
        { areas: [], freeBy: "amount", threshold: 99 },
        { areas: [], freeBy: "quantity", threshold: 3 },
      ],
    });
    open();
    fireEvent.click(await screen.findByRole("button", { name: /Add region rule/ }, { timeout: 15_000 }));
    expect(await screen.findByRole("region", { name: "Region rule 2" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Region rule 2: Areas: choose at least one province or city", {}, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText("Free-shipping condition 2: Areas is listed twice", {}, { timeout: 15_000 })).toBeTruthy();
    expect(requests.some((r) => r.entry === contract.freight.add)).toBe(false);
  }, 120_000);
});

describe("the form's values", () => {
  it("round-trips a saved template (kilograms and yuan in the form, grams and cents in the contract), keeping row ids", () => {
    const saved = {
      id: "f1",
      name: "By weight",
      chargeType: "weight" as const,
      defaultRule: { firstUnit: 1500, firstFee: 1234, additionalUnit: 250, additionalFee: 99 },
      regionRuleCount: 1,
      freeRuleCount: 1,
      notDeliveredCount: 1,
      goodsCount: 2,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      notDelivered: [{ code: "650000", name: "新疆", nameEn: "新疆" }],
      regionRules: [
        {
          id: "r1",
          kind: "fee" as const,
          areas: [{ code: "330100", name: "杭州", nameEn: "杭州" }],
          ...{ firstUnit: 1000, firstFee: 500, additionalUnit: 1000, additionalFee: 100 },
        },
      ],
      freeRules: [{ id: "r2", kind: "free" as const, areas: [], freeBy: "quantity" as const, threshold: 3 }],
    };
    const values = freightValuesOf(saved);
    expect(values.defaultRule).toEqual({ firstUnit: 1.5, firstFee: 12.34, additionalUnit: 0.25, additionalFee: 0.99 });
    expect(freightInputOf(values)).toEqual({
      name: "By weight",
      chargeType: "weight",
      defaultRule: saved.defaultRule,
      notDelivered: ["650000"],
      regionRules: [{ id: "r1", areas: ["330100"], firstUnit: 1000, firstFee: 500, additionalUnit: 1000, additionalFee: 100 }],
      freeRules: [{ id: "r2", areas: [], freeBy: "quantity", threshold: 3 }],
    });
  });
});
