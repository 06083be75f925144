import { ok, phone } from "@sbo/contract/common";
import { write } from "@sbo/contract/define";
import * as contract from "@sbo/contract/session";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DatePicker, Form, Input } from "antd";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { setLanguage } from "@/platform/i18n";
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
    expect(await screen.findByText("New password is too common")).toBeTruthy();
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
    expect(await screen.findByText("New password must be at least 8 characters")).toBeTruthy();
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

describe("ContractForm's keyboard, on a page as in a drawer", () => {
  it("when Enter is pressed in a date picker, then it confirms the picker and nothing is sent; Enter in a text field sends", async () => {
    const dated = write({
      path: "/api/seller/test/dated",
      summary: "A dated probe",
      access: "member",
      input: z.object({ note: z.string(), day: z.unknown().optional() }),
      output: ok,
    });
    renderScreen(
      <ContractForm entry={dated} submitText="Save" initialValues={{ note: "n" }}>
        <Form.Item name="note" label="Note">
          <Input />
        </Form.Item>
        <Form.Item name="day" label="Day">
          <DatePicker />
        </Form.Item>
      </ContractForm>,
    );
    const day = screen.getByLabelText("Day") as HTMLInputElement;
    await userEvent.click(day);
    await userEvent.type(day, "2026-11-30{Enter}");
    expect(day.value).toBe("2026-11-30");
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(json({ code: "000000", msg: "ok", data: null }));
    await userEvent.type(screen.getByLabelText("Note"), "x{Enter}");
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});

describe("issue paths", () => {
  it("become antd name paths", () => {
    expect(namePathOf("items.0.name")).toEqual(["items", 0, "name"]);
    expect(namePathOf("items[2].price")).toEqual(["items", 2, "price"]);
  });
});

/** A call of the shape every form has: a name of at least 2 characters and a mobile number. */
const probe = write({
  path: "/api/seller/test/probe",
  summary: "A probe",
  access: "member",
  input: z.strictObject({ name: z.string().trim().min(2), phone }),
  output: ok,
});

function ProbeForm({ labels }: { labels: { name: string; phone: string } }) {
  return (
    <ContractForm entry={probe} name="probe" submitText="OK">
      <Form.Item name="name" label={labels.name}>
        <Input />
      </Form.Item>
      <Form.Item name="phone" label={labels.phone}>
        <Input />
      </Form.Item>
    </ContractForm>
  );
}

describe("ContractForm in Chinese", () => {
  beforeEach(() => setLanguage("zh"));
  afterEach(() => setLanguage("en"));

  it("when the name is too short and the phone is bad, then each field says so in Chinese, naming the field", async () => {
    renderScreen(<ProbeForm labels={{ name: "姓名", phone: "手机号" }} />);
    await userEvent.type(screen.getByLabelText("姓名"), "张");
    await userEvent.type(screen.getByLabelText("手机号"), "123");
    await userEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(await screen.findByText("姓名至少需要 2 个字符")).toBeTruthy();
    expect(screen.getByText("手机号必须是以 1 开头的 11 位手机号")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when the server refuses a field, then its reason is worded in Chinese on that field", async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          code: "000001",
          msg: "name: must be at most 30 characters",
          data: { issues: [{ path: "name", message: "must be at most 30 characters", reason: "field.textMax", params: { maximum: 30 } }] },
        },
        400,
      ),
    );
    renderScreen(<ProbeForm labels={{ name: "姓名", phone: "手机号" }} />);
    await userEvent.type(screen.getByLabelText("姓名"), "张三");
    await userEvent.type(screen.getByLabelText("手机号"), "13800000000");
    await userEvent.click(screen.getByRole("button", { name: "OK" }));
    const message = await screen.findByText("姓名最多 30 个字符");
    // On the name field, not above the form.
    expect(message.closest(".ant-form-item")?.querySelector("#probe_name")).toBeTruthy();
    expect(screen.queryByText(/must be/)).toBeNull();
  });
});
