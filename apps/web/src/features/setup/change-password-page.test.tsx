import type { MemberInfo } from "@sbo/contract/session";
import * as contract from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { Component as ChangePasswordPage } from "./change-password-page";

const me = (phone: string | null) =>
  ({ memberId: "m1", boId: "b1", loginName: "ada", phone, isOwner: true, functions: [] }) as unknown as MemberInfo;

let requests: ReturnType<typeof stubContractFetch>["requests"];

beforeEach(() => {
  // Answers are parsed through the contract's output schemas (and systemId is the api client's, tested there).
  ({ requests } = stubContractFetch((entry) => {
    if (entry === contract.login.sendPhoneSms) return { resendAfterSeconds: 60, expiresInSeconds: 300, maskedPhone: "138****0001" };
    if (entry === contract.login.judgeWeakPwd) return { weak: false, reasons: [] };
    return undefined;
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A button by its text (getByRole is slow over antd's DOM in jsdom). */
const button = (text: string) => {
  const found = [...document.querySelectorAll("button")].find(
    (b) => b.textContent?.replace(/\s+/g, " ").trim() === text && !b.closest("[role=tabpanel][aria-hidden=true], .ant-tabs-tabpane-hidden"),
  );
  if (!found) throw new Error(`no button ${text}`);
  return found;
};

const sent = (path: string) => requests.filter((r) => r.entry.path === path);

describe("the change-password screen", () => {
  it("when the SMS tab is used, then the code is asked for the member's own phone and the change sends only code and new password", async () => {
    renderScreen(<ChangePasswordPage />, { member: me("13800000001") });
    fireEvent.click(await screen.findByText("With an SMS code"));
    expect(await screen.findByText("We send the code to your phone 138****0001.")).toBeTruthy();

    fireEvent.click(button("Send code"));
    await waitFor(() => expect(sent(contract.login.sendPhoneSms.path)).toHaveLength(1));
    expect(sent(contract.login.sendPhoneSms.path)[0]?.body).toEqual({});
    expect(await screen.findByText(/Resend in/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText("SMS code"), { target: { value: "123456" } });
    const panel = screen.getByLabelText("SMS code").closest("form");
    if (!panel) throw new Error("no SMS form");
    const [password, confirm] = panel.querySelectorAll<HTMLInputElement>("input[type=password]");
    if (!password || !confirm) throw new Error("the new password fields are missing");
    fireEvent.change(password, { target: { value: "Changed#Pass2026" } });
    fireEvent.change(confirm, { target: { value: "Changed#Pass2026" } });
    fireEvent.click(button("Save"));

    await waitFor(() => expect(sent(contract.login.smsChangePassword.path)).toHaveLength(1));
    expect(sent(contract.login.smsChangePassword.path)[0]?.body).toEqual({ code: "123456", newPassword: "Changed#Pass2026" });
    expect(sent(contract.login.safeCenterReSetPwd.path)).toHaveLength(0);
    expect(await screen.findByText("Your password was changed. Your other sessions have ended.")).toBeTruthy();
  }, 90_000);

  it("when the member has no phone, then the SMS tab says so and offers no code", async () => {
    renderScreen(<ChangePasswordPage />, { member: me(null) });
    fireEvent.click(await screen.findByText("With an SMS code"));
    expect(await screen.findByText(/Your account has no phone number/)).toBeTruthy();
    expect(screen.queryByText("Send code")).toBeNull();
  });

  it("sits in a card like the other form cards (640 px), its two ways as tabs whose panels hold the forms", async () => {
    renderScreen(<ChangePasswordPage />, { member: me("13800000001") });
    const card = (await screen.findByLabelText("Current password")).closest(".ant-card");
    if (!(card instanceof HTMLElement)) throw new Error("no card");
    expect(card.style.maxWidth).toBe("640px");
    expect(within(card).getByRole("tab", { name: "With an SMS code" })).toBeTruthy();
    // The form is inside the selected tab's panel, so assistive technology finds it where the tab points.
    expect(within(screen.getByRole("tabpanel", { name: "With the current password" })).getByLabelText("Current password")).toBeTruthy();
  });

  it("when the current-password tab is used, then it sends the old and the new password", async () => {
    renderScreen(<ChangePasswordPage />, { member: me("13800000001") });
    fireEvent.change(await screen.findByLabelText("Current password"), { target: { value: "Old#Pass2026" } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "Changed#Pass2026" } });
    fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: "Changed#Pass2026" } });
    fireEvent.click(button("Save"));
    await waitFor(() => expect(sent(contract.login.safeCenterReSetPwd.path)).toHaveLength(1));
    expect(sent(contract.login.safeCenterReSetPwd.path)[0]?.body).toEqual({
      oldPassword: "Old#Pass2026",
      newPassword: "Changed#Pass2026",
    });
  });
});
