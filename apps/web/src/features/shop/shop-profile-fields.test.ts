import { describe, expect, it } from "vitest";
import { profileInput, profileValues, type ShopProfileValues } from "./shop-profile-fields";

describe("the shop profile form", () => {
  it("sends the logo's id and the last area code", () => {
    const values: ShopProfileValues = {
      name: "Green",
      brand: "G",
      logoFileId: { id: "F1", url: "/files/F1", name: "logo.png" },
      intro: "",
      contactName: "Lin",
      contactPhone: "13800000001",
      servicePhone: "0571-1234567",
      areaCode: ["330000", "330100"],
      address: "1 Road",
      mainCategoryId: "C02",
    };
    expect(profileInput(values)).toMatchObject({ logoFileId: "F1", areaCode: "330100", mainCategoryId: "C02" });
    expect(profileInput({ ...values, logoFileId: null }).logoFileId).toBeNull();
  });

  it("starts a new shop with no logo and no area", () => {
    expect(profileValues(null)).toEqual({ logoFileId: null, intro: "", areaCode: [] });
  });
});
