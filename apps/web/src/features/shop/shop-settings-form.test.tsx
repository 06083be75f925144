import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { shopSettings } from "@/test/shop-fixtures";
import { ShopSettingsForm } from "./shop-settings-form";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

const settings = shopSettings();

let requests: ReturnType<typeof stubContractFetch>["requests"];
beforeEach(() => {
  ({ requests } = stubContractFetch((_entry, body) => ({ ...settings, ...body })));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("shop settings", () => {
  it("when business hours are shown, then they read 24-hour (21:30, never 09:30 PM)", () => {
    renderScreen(<ShopSettingsForm settings={settings} />, { member: owner });
    const close = screen.getByLabelText("Monday closes at") as HTMLInputElement;
    expect(close.value).toBe("21:30");
    expect(close.getAttribute("type")).not.toBe("time");
  });

  it("when the shop's time zone is changed, then it is saved with the settings", async () => {
    renderScreen(<ShopSettingsForm settings={settings} />, { member: owner });
    const zone = screen.getByLabelText("Time zone");
    fireEvent.mouseDown(zone);
    fireEvent.change(zone, { target: { value: "Europe/Berlin" } });
    await userEvent.click(await screen.findByTitle("Europe/Berlin"));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({ shopId: "s1", timeZone: "Europe/Berlin" });
    expect(requests[0]?.body?.businessHours).toEqual({ mode: "weekly", days: [{ weekday: 1, open: "08:00", close: "21:30" }] });
  });
});
