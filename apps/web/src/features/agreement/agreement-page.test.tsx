import * as contract from "@sbo/contract/session";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { Component as AgreementPage } from "./agreement-page";

const privacy = {
  code: "privacy-policy",
  type: "privacy",
  title: "Privacy policy of the demo platform",
  content: "<p>We keep what you tell us.</p>",
  updatedAt: "2026-11-01T02:00:00.000Z",
};

afterEach(() => vi.unstubAllGlobals());

describe("/agreement/:type/:code (issue 27 §4: the kind is not ignored)", () => {
  it("names the text's kind above its title", async () => {
    stubContractFetch((entry) => (entry === contract.session.getWebContentByCode ? privacy : undefined));
    renderScreen(<AgreementPage />, { url: "/agreement/privacy/privacy-policy", path: "/agreement/:type/:code" });
    expect(await screen.findByText("We keep what you tell us.")).toBeTruthy();
    expect(screen.getByText("Privacy policy")).toBeTruthy();
  });

  it("moves a link of the wrong kind to the text's own address", async () => {
    stubContractFetch((entry) => (entry === contract.session.getWebContentByCode ? privacy : undefined));
    const { router } = renderScreen(<AgreementPage />, { url: "/agreement/user/privacy-policy", path: "/agreement/:type/:code" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/agreement/privacy/privacy-policy"));
    expect(await screen.findByText("We keep what you tell us.")).toBeTruthy();
  });

  it("says the kind in Chinese to a Chinese reader", async () => {
    await setLanguage("zh");
    try {
      stubContractFetch((entry) => (entry === contract.session.getWebContentByCode ? { ...privacy, type: "user" } : undefined));
      renderScreen(<AgreementPage />, { url: "/agreement/user/privacy-policy", path: "/agreement/:type/:code" });
      expect(await screen.findByText("用户协议")).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  });
});
