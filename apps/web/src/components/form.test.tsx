import * as contract from "@sbo/contract/session";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Form, Input } from "antd";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/test/render";
import { ContractForm, namePathOf } from "./form";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function PasswordForm({ onSuccess }: { onSuccess?: () => void }) {
  return (
    <ContractForm entry={contract.login.safeCenterReSetPwd} submitText="Save" onSuccess={onSuccess}>
      <Form.Item name="oldPassword" label="Current password">
        <Input.Password />
      </Form.Item>
      <Form.Item name="newPassword" label="New password">
        <Input.Password />
      </Form.Item>
    </ContractForm>
  );
}

async function fill(oldPassword: string, newPassword: string) {
  await userEvent.type(screen.getByLabelText("Current password"), oldPassword);
  await userEvent.type(screen.getByLabelText("New password"), newPassword);
  await userEvent.click(screen.getByRole("button", { name: "Save" }));
}

describe("ContractForm", () => {
  it("puts the issues of a 400 answer on their fields", async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          code: "000001",
          msg: "newPassword: is too common",
          data: { issues: [{ path: "newPassword", message: "is too common" }] },
        },
        400,
      ),
    );
    renderScreen(<PasswordForm />);
    await fill("old-secret", "password123");
    expect(await screen.findByText("is too common")).toBeTruthy();
    expect(screen.queryByRole("alert", { name: /could not be submitted/i })).toBeNull();
  });

  it("shows any other failure above the form, without a dialog", async () => {
    fetchMock.mockResolvedValue(json({ code: "001106", msg: "The current password is wrong", data: null }));
    renderScreen(<PasswordForm />);
    await fill("old-secret", "a-new-secret-1");
    expect(await screen.findByText("The current password is wrong")).toBeTruthy();
    expect(screen.getByText("The form could not be submitted")).toBeTruthy();
    expect(document.querySelector(".ant-modal")).toBeNull();
  });

  it("checks the contract's rules before sending", async () => {
    renderScreen(<PasswordForm />);
    await fill("old-secret", "short");
    expect(await screen.findByText("must be at least 8 characters")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("disables the submit button while submitting, then reports success", async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const onSuccess = vi.fn();
    renderScreen(<PasswordForm onSuccess={onSuccess} />);
    await fill("old-secret", "a-new-secret-1");
    await waitFor(() => expect((screen.getByRole("button", { name: /save/i }) as HTMLButtonElement).disabled).toBe(true));
    answer(json({ code: "0", msg: "", data: null }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      oldPassword: "old-secret",
      newPassword: "a-new-secret-1",
      systemId: 71,
    });
  });
});

describe("issue paths", () => {
  it("become antd name paths", () => {
    expect(namePathOf("items.0.name")).toEqual(["items", 0, "name"]);
    expect(namePathOf("items[2].price")).toEqual(["items", 2, "price"]);
  });
});
