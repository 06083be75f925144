import type { MemberInfo } from "@sbo/contract/session";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { renderScreen } from "@/test/render";
import { PageHeader, type PageHeaderProps } from "./page-header";

describe("PageHeader", () => {
  it("shows the title as the screen's heading and the right-hand slot", () => {
    render(<PageHeader title="Orders" extra={<button type="button">Export</button>} />);
    expect(screen.getByRole("heading", { level: 1, name: "Orders" })).not.toBeNull();
    expect(screen.getByRole("button", { name: "Export" })).not.toBeNull();
  });

  it("when it heads a section, then its heading is level 2 and names the section it labels", () => {
    render(
      <section aria-labelledby="pickup-title">
        <PageHeader level={2} title="Pickup points" titleId="pickup-title" description="Where buyers collect orders" />
      </section>,
    );
    expect(screen.getByRole("heading", { level: 2, name: "Pickup points" })).not.toBeNull();
    expect(screen.getByRole("region", { name: "Pickup points" })).not.toBeNull();
    expect(screen.getByText("Where buyers collect orders")).not.toBeNull();
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
  });

  it("when there is no right-hand slot or description, then only the heading is shown", () => {
    const { container } = render(<PageHeader title="Settings" />);
    expect(screen.getByRole("heading", { name: "Settings" })).not.toBeNull();
    expect(container.querySelector(".page-header-extra")).toBeNull();
    expect(container.querySelectorAll("p")).toHaveLength(0);
  });
});

describe("PageHeader's breadcrumbs", () => {
  const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

  it("on a screen below an area's top, shows the trail from the route table with links to the ancestors", async () => {
    renderScreen(<PageHeader title="Add staff member" />, { url: "/transaction/setup/member/addMember", member: owner });
    const trail = screen.getByRole("navigation", { name: "Where you are" });
    expect(within(trail).getByRole("link", { name: "Settings" }).getAttribute("href")).toBe("/setup/index");
    expect(within(trail).getByRole("link", { name: "Staff" }).getAttribute("href")).toBe("/transaction/setup/member");
    expect(within(trail).getByText("Add staff member").getAttribute("aria-current")).toBe("page");
  });

  it("in Chinese too", async () => {
    await setLanguage("zh");
    try {
      renderScreen(<PageHeader title="添加员工" />, { url: "/transaction/setup/member/addMember", member: owner });
      const trail = screen.getByRole("navigation", { name: "当前位置" });
      expect(within(trail).getByRole("link", { name: "设置" })).toBeTruthy();
      expect(within(trail).getByRole("link", { name: "员工管理" })).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  });

  it("none on an area's top screen, nor on a section's header", () => {
    renderScreen(
      <>
        <PageHeader title="Settings" />
        <PageHeader title="Audit log" level={2} />
      </>,
      { url: "/setup/index", member: owner },
    );
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});

// The title is required (spec §5): a header without one must not typecheck (`npm run typecheck` fails otherwise).
// @ts-expect-error — `title` is missing.
const _withoutTitle: PageHeaderProps = { extra: "x" };
