import * as contract from "@sbo/contract/member";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DatePicker, Form, type FormInstance, Input } from "antd";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/test/render";
import { areaCodesOf } from "./area-cascader";
import { ClockPicker } from "./clock-picker";
import { FormDrawer } from "./form-drawer";
import { FileUpload, type UploadValue } from "./upload";

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => json({ code: "0", msg: "", data: { id: "T1", name: "Gold", color: "#1677ff" } }));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

interface Values {
  name: string;
}

const tag = contract.member.addOrUpdMemberTag;

function TagDrawer({ editing, onClose }: { editing: { id: string; name: string } | null; onClose: () => void }) {
  return (
    <FormDrawer
      name="tag"
      title={editing ? "Edit tag" : "Add tag"}
      onClose={onClose}
      add={{ entry: tag, toInput: (v: Values) => ({ name: v.name, color: "#1677ff" }) }}
      update={editing && { entry: tag, toInput: (v: Values) => ({ id: editing.id, name: v.name, color: "#000000" }) }}
      initialValues={editing ? { name: editing.name } : { name: "" }}
      invalidate={["member"]}
      savedMessage="The tag was saved."
    >
      <Form.Item name="name" label="Tag name">
        <Input />
      </Form.Item>
    </FormDrawer>
  );
}

const sent = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;

describe("FormDrawer", () => {
  it("adds through the add call, then refreshes, says so and closes", async () => {
    const onClose = vi.fn();
    const { queryClient } = renderScreen(<TagDrawer editing={null} onClose={onClose} />);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const drawer = await screen.findByRole("dialog", { name: "Add tag" });
    await userEvent.type(within(drawer).getByLabelText("Tag name"), "Gold");
    await userEvent.click(within(drawer).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()).toMatchObject({ name: "Gold", color: "#1677ff" });
    expect(sent()).not.toHaveProperty("id");
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["member"] });
    expect(await screen.findByText("The tag was saved.")).toBeTruthy();
  });

  it("edits through the update call, starting from the row's values; Cancel closes without a call", async () => {
    const onClose = vi.fn();
    renderScreen(<TagDrawer editing={{ id: "T9", name: "Silver" }} onClose={onClose} />);
    const drawer = await screen.findByRole("dialog", { name: "Edit tag" });
    expect(within(drawer).getByLabelText("Tag name")).toHaveProperty("value", "Silver");
    await userEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent()).toMatchObject({ id: "T9", name: "Silver", color: "#000000" });

    await userEvent.click(within(drawer).getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("FormDrawer's buttons", () => {
  it("sit in the form's last row, which the drawer pins to its foot (.form-drawer in app.css)", async () => {
    renderScreen(<TagDrawer editing={null} onClose={() => {}} />);
    const drawer = await screen.findByRole("dialog", { name: "Add tag" });
    expect(drawer.closest(".form-drawer")).not.toBeNull();
    const form = drawer.querySelector(".ant-drawer-body > form");
    const last = form?.lastElementChild;
    expect(last?.classList.contains("ant-form-item")).toBe(true);
    expect(within(last as HTMLElement).getByRole("button", { name: "Save" })).toBeTruthy();
    expect(within(last as HTMLElement).getByRole("button", { name: "Cancel" })).toBeTruthy();
  });
});

/** A tag drawer with more fields than the call takes: a date, a time and a file (left out of the input). */
function FieldsDrawer({ send, onForm }: { send?: (file: File) => Promise<UploadValue>; onForm?: (form: FormInstance<Values>) => void }) {
  const [form] = Form.useForm<Values>();
  onForm?.(form);
  return (
    <FormDrawer
      name="fields"
      form={form}
      title="Add tag"
      onClose={() => {}}
      add={{ entry: tag, toInput: (v: Values) => ({ name: v.name, color: "#1677ff" }) }}
      initialValues={{ name: "Gold" }}
      invalidate={["member"]}
      savedMessage="The tag was saved."
    >
      <Form.Item name="name" label="Tag name">
        <Input />
      </Form.Item>
      <Form.Item name="day" label="Day">
        <DatePicker format="YYYY-MM-DD" />
      </Form.Item>
      <Form.Item name="opens" label="Opens">
        <ClockPicker />
      </Form.Item>
      <Form.Item name="file" label="File">
        <FileUpload send={send} />
      </Form.Item>
    </FormDrawer>
  );
}

describe("FormDrawer's keyboard", () => {
  it("when Enter is pressed in a date or time picker, then it confirms the picker and the form is not sent; Enter in a text field still sends it", async () => {
    renderScreen(<FieldsDrawer />);
    const drawer = await screen.findByRole("dialog", { name: "Add tag" });
    const day = within(drawer).getByLabelText("Day") as HTMLInputElement;
    await userEvent.click(day);
    await userEvent.type(day, "2026-11-30{Enter}");
    expect(day.value).toBe("2026-11-30");
    const opens = within(drawer).getByLabelText("Opens") as HTMLInputElement;
    await userEvent.click(opens);
    await userEvent.type(opens, "21:05{Enter}");
    expect(opens.value).toBe("21:05");
    // A submit would have called by now (the form checks nothing before sending).
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(within(drawer).getByLabelText("Tag name"), "{Enter}");
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sent()).toMatchObject({ name: "Gold" });
  });
});

describe("FormDrawer while a file is uploading", () => {
  it("cannot be saved, by the button, by Enter or by the form's own submit, and says why; once the file is sent it saves", async () => {
    let finish: (v: UploadValue) => void = () => {};
    const send = () => new Promise<UploadValue>((resolve) => (finish = resolve));
    let form: FormInstance<Values> | undefined;
    renderScreen(<FieldsDrawer send={send} onForm={(f) => (form = f)} />);
    const drawer = await screen.findByRole("dialog", { name: "Add tag" });
    const input = drawer.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    await userEvent.upload(input, new File(["%PDF"], "report.pdf", { type: "application/pdf" }));

    const save = within(drawer).getByRole("button", { name: "Save" });
    await waitFor(() => expect(save).toHaveProperty("disabled", true));
    const why = within(drawer).getByRole("status");
    expect(why.textContent).toBe("A file is still uploading: wait until it is done.");
    expect(save.getAttribute("aria-describedby")).toBe(why.id);
    await userEvent.click(save);
    await userEvent.type(within(drawer).getByLabelText("Tag name"), "{Enter}");
    act(() => form?.submit());
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();

    finish({ id: "F1", url: "https://files.example/report.pdf", name: "report.pdf" });
    await waitFor(() => expect(save).toHaveProperty("disabled", false));
    expect(within(drawer).queryByRole("status")).toBeNull();
    await userEvent.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});

describe("areaCodesOf", () => {
  it("gives the path of a district, a city and a province code, and nothing for a bad code", () => {
    expect(areaCodesOf("330106")).toEqual(["330000", "330100", "330106"]);
    expect(areaCodesOf("350100")).toEqual(["350000", "350100"]);
    expect(areaCodesOf("110000")).toEqual(["110000"]);
    expect(areaCodesOf("")).toEqual([]);
    expect(areaCodesOf("12345")).toEqual([]);
  });
});
