import type { OutputOf } from "@sbo/contract/define";
import { organization } from "@sbo/contract/organization";
import { reference } from "@sbo/contract/reference";
import type { MemberInfo } from "@sbo/contract/session";

/** The calls of the domains this file uses (their own modules, not the whole contract). */
const contract = { organization, reference };

import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/test/render";
import { Component as EditPage } from "./enterprise-edit-page";
import { Component as InfoPage } from "./enterprise-info-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

/** As the server answers it: the ID number masked (first 3, last 4), to the owner too. */
const info: OutputOf<typeof contract.organization.selById> = {
  boId: "b1",
  name: "Green Valley Fresh Co., Ltd.",
  shortName: "Green Valley",
  creditCode: "91330100MA2GREEN0Y",
  legalPersonName: "Lin Qing",
  legalPersonIdNo: "330***********1235",
  licence: null,
  idFront: null,
  idBack: null,
  area: null,
  address: "",
  industry: "",
  contactName: "",
  contactPhone: "",
  contactEmail: "",
  intro: "",
  verificationStatus: "verified",
  verifiedAt: "2026-03-01T02:05:00.000Z",
  updatedAt: "2026-03-01T02:05:00.000Z",
};

let sent: { url: string; body: Record<string, unknown> }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? "{}")) as Record<string, unknown>;
      sent.push({ url, body });
      const data = url === contract.reference.selSpecAreaListByPid.path ? [] : info;
      return new Response(JSON.stringify({ code: "0", msg: "", data }), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("enterprise information", () => {
  it("when the page shows the legal person, then the ID number is masked and the verification date stands apart from 'Verified'", async () => {
    renderScreen(<InfoPage />, { member: owner });
    expect(await screen.findByText("330***********1235")).toBeTruthy();
    const date = document.querySelector("time");
    expect(date?.textContent).toMatch(/^2026-03-01 \d{2}:05$/);
    // "Verified" and the date are separate items with a gap between them (the page once read "Verified2026-03-01").
    const badge = screen.getByText("Verified");
    const items = [...(date?.closest(".ant-space")?.children ?? [])];
    expect(items).toHaveLength(2);
    expect(items[0]?.contains(badge)).toBe(true);
    expect(items[1]?.contains(date)).toBe(true);
  });

  it("when the edit form opens, then the ID field is empty with only the masked number as a hint, and saving without typing keeps it", async () => {
    renderScreen(<EditPage />, { member: owner });
    const field = (await screen.findByLabelText("Legal person's ID number")) as HTMLInputElement;
    expect(field.value).toBe("");
    expect(screen.getByText("Leave empty to keep the stored number (330***********1235).")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent.some((s) => s.url === contract.organization.updById.path)).toBe(true));
    const save = sent.find((s) => s.url === contract.organization.updById.path);
    expect(save?.body).not.toHaveProperty("legalPersonIdNo");
  });
});
