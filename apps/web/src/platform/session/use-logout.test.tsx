import { act } from "@testing-library/react";
import { expect, it } from "vitest";
import { DRAFT_PREFIX } from "@/platform/form-draft";
import { KEPT_PREFIX } from "@/platform/kept-search";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { useLogout } from "./use-logout";

it("logging out forgets the person's form drafts and kept list filters, and nothing else in the tab", async () => {
  const { requests } = stubContractFetch(() => undefined);
  sessionStorage.setItem(`${DRAFT_PREFIX}b1:m1:addMember:new`, JSON.stringify({ name: "Zhou" }));
  sessionStorage.setItem(`${KEPT_PREFIX}/transaction/pushSaleOrderManage`, "?orderNo=2026");
  sessionStorage.setItem("sbo:other", "kept");

  let logout: (() => Promise<void>) | undefined;
  const Probe = () => {
    logout = useLogout();
    return null;
  };
  const { router } = renderScreen(<Probe />, { url: "/transaction/index" });
  await act(async () => {
    await logout?.();
  });

  expect(requests.map((r) => r.entry.path)).toEqual(["/api/seller/basic/member/login/logout"]);
  expect(router.state.location.pathname).toBe("/login/toLogin");
  expect(Object.keys(sessionStorage)).toEqual(["sbo:other"]);
});
