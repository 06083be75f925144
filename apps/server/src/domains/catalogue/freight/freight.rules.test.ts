import { describe, expect, it } from "vitest";
import { type CartLine, type FreightResult, type FreightTemplate, feeOf, freightOf } from "./freight.rules";

const HANGZHOU_XIHU = "330106";
const NINGBO = "330203";
const BEIJING_CHAOYANG = "110105";
const URUMQI = "650102";
const LHASA = "540102";
const TIANJIN = "120101";

const line = (quantity: number, unitPriceCents = 1000, weightGrams: number | null = 500, volume: number | null = 2000): CartLine => ({
  skuId: "S",
  quantity,
  unitPriceCents,
  weightGrams,
  volume,
});

/** By piece: ¥10 for the first piece, ¥5 per 2 more; Zhejiang ¥6 + ¥2 each; Hangzhou ¥3 + ¥1 each. */
const byPiece: FreightTemplate = {
  chargeType: "piece",
  defaultRule: { firstUnit: 1, firstFee: 1000, additionalUnit: 2, additionalFee: 500 },
  notDelivered: ["650000", "540100"],
  regionRules: [
    { areas: ["330000"], firstUnit: 1, firstFee: 600, additionalUnit: 1, additionalFee: 200 },
    { areas: ["330100", "110000"], firstUnit: 1, firstFee: 300, additionalUnit: 1, additionalFee: 100 },
  ],
  freeRules: [],
};
/** By weight: first 1 kg ¥8, each further 500 g (or part) ¥3. */
const byWeight: FreightTemplate = {
  chargeType: "weight",
  defaultRule: { firstUnit: 1000, firstFee: 800, additionalUnit: 500, additionalFee: 300 },
  notDelivered: [],
  regionRules: [],
  freeRules: [],
};
/** By volume: first 5,000 cm³ ¥12, each further 1,000 cm³ ¥2. */
const byVolume: FreightTemplate = {
  chargeType: "volume",
  defaultRule: { firstUnit: 5000, firstFee: 1200, additionalUnit: 1000, additionalFee: 200 },
  notDelivered: [],
  regionRules: [],
  freeRules: [],
};
/** Free above ¥99 everywhere; Zhejiang from 3 pieces; Hangzhou above ¥50 (the city's condition beats the province's). */
const withFree: FreightTemplate = {
  ...byPiece,
  freeRules: [
    { areas: [], freeBy: "amount", threshold: 9900 },
    { areas: ["330000"], freeBy: "quantity", threshold: 3 },
    { areas: ["330100"], freeBy: "amount", threshold: 5000 },
  ],
};

const fee = (freightCents: number, free = false): FreightResult => ({ deliverable: true, freightCents, free });

describe("freightOf: the freight of a cart for an address", () => {
  it.each<[string, FreightTemplate, CartLine[], string, FreightResult]>([
    ["by piece, default rule, first piece only", byPiece, [line(1)], TIANJIN, fee(1000)],
    ["by piece, default rule, 3 pieces = first + one step of 2", byPiece, [line(3)], TIANJIN, fee(1500)],
    ["by piece, default rule, 4 pieces = first + 2 steps begun (rounded up)", byPiece, [line(4)], TIANJIN, fee(2000)],
    ["by piece, pieces summed over lines", byPiece, [line(2), line(2)], TIANJIN, fee(2000)],
    ["region rule beats the default (province)", byPiece, [line(3)], NINGBO, fee(600 + 2 * 200)],
    ["city beats province", byPiece, [line(3)], HANGZHOU_XIHU, fee(300 + 2 * 100)],
    ["a municipality named by its province code", byPiece, [line(2)], BEIJING_CHAOYANG, fee(400)],
    ["not delivered: a province", byPiece, [line(1)], URUMQI, { deliverable: false, reason: "notDelivered", area: "650000" }],
    ["not delivered: a city", byPiece, [line(1)], LHASA, { deliverable: false, reason: "notDelivered", area: "540100" }],
    ["by weight: within the first kilogram", byWeight, [line(2, 1000, 500)], TIANJIN, fee(800)],
    ["by weight: 1,001 g begins a further 500 g", byWeight, [line(1, 1000, 1001)], TIANJIN, fee(1100)],
    ["by weight: 2.2 kg = first + 3 steps of 500 g", byWeight, [line(2, 1000, 1100)], TIANJIN, fee(800 + 3 * 300)],
    ["by weight: no weight stored counts as 0 (first fee)", byWeight, [line(3, 1000, null)], TIANJIN, fee(800)],
    ["by volume: 3 × 2,000 cm³ = first 5,000 + 1 step", byVolume, [line(3)], TIANJIN, fee(1400)],
    ["by volume: 4 × 2,000 cm³ = first + 3 steps", byVolume, [line(4)], TIANJIN, fee(1800)],
    ["free by amount everywhere: ¥99 reached", withFree, [line(10, 990)], TIANJIN, fee(0, true)],
    ["free by amount everywhere: ¥98.99 is not enough", withFree, [line(1, 9899)], TIANJIN, fee(1000)],
    ["free by quantity in the region: 3 pieces in Ningbo", withFree, [line(3, 100)], NINGBO, fee(0, true)],
    ["the region's condition replaces everywhere's: ¥100 in 2 pieces in Ningbo is charged", withFree, [line(2, 5000)], NINGBO, fee(800)],
    ["city condition beats province: Hangzhou free above ¥50", withFree, [line(1, 5000)], HANGZHOU_XIHU, fee(0, true)],
    ["city condition beats province: 3 pieces under ¥50 in Hangzhou are charged", withFree, [line(3, 100)], HANGZHOU_XIHU, fee(500)],
    [
      "not delivered beats free shipping",
      withFree,
      [line(20, 9900)],
      URUMQI,
      { deliverable: false, reason: "notDelivered", area: "650000" },
    ],
    ["an empty cart costs nothing", byPiece, [], TIANJIN, fee(0)],
  ])("%s", (_name, template, lines, area, expected) => {
    expect(freightOf(template, lines, area)).toEqual(expected);
  });

  it("rounds each further step up and never charges below the first fee", () => {
    const rule = { firstUnit: 3, firstFee: 500, additionalUnit: 4, additionalFee: 250 };
    expect([0, 1, 3, 4, 7, 8, 11].map((m) => feeOf(rule, m))).toEqual([500, 500, 500, 750, 750, 1000, 1000]);
  });
});
