import * as contract from "@sbo/contract/session";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CallName, DiffList } from "./audit-log-list";

describe("the audit log's cells", () => {
  it("when the call is in the contract, then its summary is shown instead of the path", () => {
    render(<CallName path={contract.login.safeCenterReSetPwd.path} />);
    expect(screen.getByText(contract.login.safeCenterReSetPwd.summary)).toBeTruthy();
    expect(screen.queryByText(contract.login.safeCenterReSetPwd.path)).toBeNull();
  });

  it("when the call is unknown, then the path itself is shown", () => {
    render(<CallName path="/api/seller/retired/call" />);
    expect(screen.getByText("/api/seller/retired/call")).toBeTruthy();
  });

  it("shows each changed field as before → after, with ∅ for nothing", () => {
    render(<DiffList diff={{ status: { before: "open", after: "closed" }, phone: { before: null, after: "13800000009" } }} />);
    expect(screen.getByRole("list").textContent).toContain("status: open → closed");
    expect(screen.getByRole("list").textContent).toContain("phone: ∅ → 13800000009");
  });
});
