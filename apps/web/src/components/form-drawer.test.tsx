import * as contract from "@sbo/contract/member";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Form, Input } from "antd";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/test/render";
import { areaCodesOf } from "./area-cascader";
import { FormDrawer } from "./form-drawer";

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

describe("areaCodesOf", () => {
  it("gives the path of a district, a city and a province code, and nothing for a bad code", () => {
    expect(areaCodesOf("330106")).toEqual(["330000", "330100", "330106"]);
    expect(areaCodesOf("350100")).toEqual(["350000", "350100"]);
    expect(areaCodesOf("110000")).toEqual(["110000"]);
    expect(areaCodesOf("")).toEqual([]);
    expect(areaCodesOf("12345")).toEqual([]);
  });
});
