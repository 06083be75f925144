import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PageHeader } from "./page-header";

describe("PageHeader", () => {
  it("shows the title as the screen's heading and the right-hand slot", () => {
    render(<PageHeader title="Orders" extra={<button type="button">Export</button>} />);
    expect(screen.getByRole("heading", { level: 1, name: "Orders" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Export" })).toBeTruthy();
  });

  it("cannot be used without a title", () => {
    // @ts-expect-error — the title is required (spec §5); this line must not typecheck.
    const withoutTitle = <PageHeader extra="x" />;
    expect(withoutTitle).toBeTruthy();
  });
});
