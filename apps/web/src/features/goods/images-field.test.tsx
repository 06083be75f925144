import { ok } from "@sbo/contract/common";
import { write } from "@sbo/contract/define";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Form } from "antd";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ContractForm } from "@/components/form";
import { renderScreen } from "@/test/render";
import { ImagesField } from "./goods-fields";

type Sent = { id: string; url: string; name: string; size: number; contentType: string };
let finish: (f: Sent) => void = () => {};
vi.mock("@/platform/upload-file", () => ({
  uploadFile: vi.fn(() => new Promise<Sent>((resolve) => (finish = resolve))),
}));

const probe = write({
  path: "/api/seller/test/images",
  summary: "A probe with pictures",
  access: "member",
  input: z.object({ images: z.array(z.unknown()) }),
  output: ok,
});

describe("the goods pictures inside a form", () => {
  it("when a picture is still being sent, then the form cannot be saved and says why; once it is sent, it can", async () => {
    renderScreen(
      <ContractForm entry={probe} submitText="Save" initialValues={{ images: [] }}>
        <Form.Item name="images" label="Pictures">
          <ImagesField />
        </Form.Item>
      </ContractForm>,
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    await userEvent.upload(input, new File(["png"], "apple.png", { type: "image/png" }));
    const save = screen.getByRole("button", { name: "Save" });
    await waitFor(() => expect(save).toHaveProperty("disabled", true));
    expect(screen.getByRole("status").textContent).toBe("A file is still uploading: wait until it is done.");
    finish({ id: "F1", url: "/files/F1", name: "apple.png", size: 3, contentType: "image/png" });
    await waitFor(() => expect(save).toHaveProperty("disabled", false));
  });
});
