import { ok } from "@sbo/contract/common";
import { write } from "@sbo/contract/define";
import type { MemberInfo } from "@sbo/contract/session";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Form, Input } from "antd";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DRAFT_PREFIX, draftStorageKey } from "@/platform/form-draft";
import { setLanguage } from "@/platform/i18n";
import { renderScreen } from "@/test/render";
import { ContractForm } from "./form";
import { FormDrawer } from "./form-drawer";

const probe = write({
  path: "/api/seller/test/draft-probe",
  summary: "A probe",
  access: "member",
  input: z.strictObject({ name: z.string().min(1), city: z.string(), password: z.string(), smsCode: z.string() }),
  output: ok,
});

const memberOf = (memberId: string, boId: string): MemberInfo => ({
  memberId,
  loginName: `login-${memberId}`,
  name: `Member ${memberId}`,
  phone: null,
  boId,
  orgName: "Fresh Farm",
  isOwner: true,
  employeeId: null,
  shop: null,
  roles: [],
  functions: [],
  organizations: [{ boId, name: "Fresh Farm", isOwner: true }],
  manufacturerId: null,
  openShopUrl: null,
});
const alice = memberOf("m1", "b1");
const bob = memberOf("m2", "b1");
const aliceElsewhere = memberOf("m1", "b2");

const keyOf = (member: MemberInfo, key: string) => draftStorageKey({ boId: member.boId, memberId: member.memberId }, key);

function ProbeForm({ record = "r1", onCancel = () => {} }: { record?: string; onCancel?: () => void }) {
  return (
    <ContractForm
      entry={probe}
      name="probe"
      submitText="Save"
      initialValues={{ name: "Original", city: "", password: "", smsCode: "" }}
      draft={{ key: `probe:${record}`, omit: ["city"] }}
      onCancel={onCancel}
    >
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
      <Form.Item name="city" label="City">
        <Input />
      </Form.Item>
      <Form.Item name="password" label="Password">
        <Input.Password />
      </Form.Item>
      <Form.Item name="smsCode" label="Code">
        <Input />
      </Form.Item>
    </ContractForm>
  );
}

const stored = (member: MemberInfo, record = "r1") => {
  const raw = sessionStorage.getItem(keyOf(member, `probe:${record}`));
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
};
const nameField = () => screen.getByLabelText<HTMLInputElement>("Name");

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("form drafts", () => {
  it("writes the values as they change, keyed by organisation, member, screen and record, without secrets", async () => {
    renderScreen(<ProbeForm />, { member: alice });
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), "Changed");
    await userEvent.type(screen.getByLabelText("City"), "Hangzhou");
    await userEvent.type(screen.getByLabelText("Password"), "s3cret-Pass");
    await userEvent.type(screen.getByLabelText("Code"), "123456");

    expect(Object.keys(sessionStorage)).toEqual([`${DRAFT_PREFIX}b1:m1:probe:r1`]);
    const draft = stored(alice);
    expect(draft).toEqual({ name: "Changed" });
    const raw = sessionStorage.getItem(keyOf(alice, "probe:r1")) ?? "";
    expect(raw).not.toContain("s3cret");
    expect(raw).not.toContain("123456");
    expect(raw).not.toContain("Hangzhou");
  });

  it("writes nothing for a form nobody changed, even when the page is hidden", () => {
    renderScreen(<ProbeForm />, { member: alice });
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(sessionStorage.length).toBe(0);
  });

  it("writes the latest values when the page is hidden", async () => {
    renderScreen(<ProbeForm />, { member: alice });
    await userEvent.type(nameField(), "!");
    sessionStorage.clear();
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(stored(alice)).toEqual({ name: "Original!" });
  });

  it("restores a draft once, with a notice, and removes it from storage", async () => {
    sessionStorage.setItem(keyOf(alice, "probe:r1"), JSON.stringify({ name: "From the draft" }));
    const first = renderScreen(<ProbeForm />, { member: alice });
    await waitFor(() => expect(nameField().value).toBe("From the draft"));
    expect(screen.getByRole("status").textContent).toContain("Restored your unsaved changes");
    expect(sessionStorage.length).toBe(0);
    first.unmount();

    renderScreen(<ProbeForm />, { member: alice });
    expect(nameField().value).toBe("Original");
    expect(screen.queryByText("Restored your unsaved changes")).toBeNull();
  });

  it("clears a restored draft: a second reload without an edit finds none, an edit keeps it again (issue 27 §3)", async () => {
    sessionStorage.setItem(keyOf(alice, "probe:r1"), JSON.stringify({ name: "From the draft" }));
    const first = renderScreen(<ProbeForm />, { member: alice });
    await waitFor(() => expect(nameField().value).toBe("From the draft"));
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(stored(alice)).toBeNull();
    first.unmount();

    sessionStorage.setItem(keyOf(alice, "probe:r1"), JSON.stringify({ name: "From the draft" }));
    renderScreen(<ProbeForm />, { member: alice });
    await waitFor(() => expect(nameField().value).toBe("From the draft"));
    await userEvent.type(nameField(), "!");
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(stored(alice)).toEqual({ name: "From the draft!" });
  });

  it("keeps a value the screen set for the user (a picker's choice), not only typed ones", async () => {
    let formRef: import("antd").FormInstance | undefined;
    function Picked() {
      const [form] = Form.useForm();
      formRef = form;
      return (
        <ContractForm
          entry={probe}
          name="probe"
          form={form}
          submitText="Save"
          initialValues={{ name: "Original", chosen: [] }}
          draft={{ key: "probe:r1" }}
        >
          <Form.Item name="name" label="Name">
            <Input />
          </Form.Item>
        </ContractForm>
      );
    }
    renderScreen(<Picked />, { member: alice });
    await waitFor(() => expect(nameField().value).toBe("Original"));
    act(() => {
      formRef?.setFieldValue("chosen", [{ id: "g1", name: "Apples" }]);
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(stored(alice)).toMatchObject({ name: "Original", chosen: [{ id: "g1", name: "Apples" }] });
  });

  it("Discard puts the form back as it opened and drops the draft", async () => {
    sessionStorage.setItem(keyOf(alice, "probe:r1"), JSON.stringify({ name: "From the draft" }));
    renderScreen(<ProbeForm />, { member: alice });
    await waitFor(() => expect(nameField().value).toBe("From the draft"));
    await userEvent.click(screen.getByRole("button", { name: "Discard" }));
    expect(nameField().value).toBe("Original");
    expect(screen.queryByText("Restored your unsaved changes")).toBeNull();
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(sessionStorage.length).toBe(0);
  });

  it("never shows one member's draft to another member, in another organisation, or on another record", () => {
    sessionStorage.setItem(keyOf(alice, "probe:r1"), JSON.stringify({ name: "Alice's draft" }));
    const asBob = renderScreen(<ProbeForm />, { member: bob });
    expect(nameField().value).toBe("Original");
    asBob.unmount();
    const elsewhere = renderScreen(<ProbeForm />, { member: aliceElsewhere });
    expect(nameField().value).toBe("Original");
    elsewhere.unmount();
    renderScreen(<ProbeForm record="r2" />, { member: alice });
    expect(nameField().value).toBe("Original");
    expect(screen.queryByText("Restored your unsaved changes")).toBeNull();
    expect(stored(alice)).toEqual({ name: "Alice's draft" });
  });

  it("drops the draft once the form is saved", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ code: "0", msg: "", data: null }), { status: 200 }));
    renderScreen(<ProbeForm />, { member: alice });
    await userEvent.type(nameField(), "!");
    expect(stored(alice)).toEqual({ name: "Original!" });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(stored(alice)).toBeNull());
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    expect(sessionStorage.length).toBe(0);
  });

  it("drops the draft when the form is cancelled", async () => {
    const onCancel = vi.fn();
    renderScreen(<ProbeForm onCancel={onCancel} />, { member: alice });
    await userEvent.type(nameField(), "!");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });

  it("says so in Chinese for a Chinese user", async () => {
    await setLanguage("zh");
    try {
      sessionStorage.setItem(keyOf(alice, "probe:r1"), JSON.stringify({ name: "草稿" }));
      renderScreen(<ProbeForm />, { member: alice });
      expect(await screen.findByText("已恢复您未保存的修改")).toBeTruthy();
      expect(screen.getByRole("button", { name: "放弃修改" })).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  });

  it("a side drawer keeps its draft, and closing it without saving drops it", async () => {
    const onClose = vi.fn();
    renderScreen(
      <FormDrawer
        name="probeDrawer"
        title="Probe"
        onClose={onClose}
        add={{ entry: probe }}
        initialValues={{ name: "" }}
        invalidate={["probe"]}
        savedMessage="Saved"
        draft={{ key: "probe-drawer:new" }}
      >
        <Form.Item name="name" label="Name">
          <Input />
        </Form.Item>
      </FormDrawer>,
      { member: alice },
    );
    await userEvent.type(await screen.findByLabelText("Name"), "Drawer draft");
    expect(JSON.parse(sessionStorage.getItem(keyOf(alice, "probe-drawer:new")) ?? "null")).toEqual({ name: "Drawer draft" });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });
});
