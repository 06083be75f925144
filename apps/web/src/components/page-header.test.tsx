import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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

// The title is required (spec §5): a header without one must not typecheck (`npm run typecheck` fails otherwise).
// @ts-expect-error — `title` is missing.
const _withoutTitle: PageHeaderProps = { extra: "x" };
