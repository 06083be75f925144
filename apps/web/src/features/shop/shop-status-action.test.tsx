import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/test/render";
import { ShopStatusAction } from "./shop-status-action";

describe("closing and reopening the shop", () => {
  it("asks before closing, with an optional reason", async () => {
    renderScreen(<ShopStatusAction status="open" />);
    await userEvent.click(screen.getByRole("button", { name: "Close the shop" }));
    expect(await screen.findByRole("dialog", { name: "Close the shop?" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Reason (optional)" })).toBeTruthy();
  });

  it("asks before reopening, without a reason", async () => {
    renderScreen(<ShopStatusAction status="closed" />);
    await userEvent.click(screen.getByRole("button", { name: "Reopen the shop" }));
    expect(await screen.findByRole("dialog", { name: "Reopen the shop?" })).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});
