import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { RichTextField } from ".";
import { linkOf } from "./rich-text-editor";

afterEach(() => vi.unstubAllGlobals());

// jsdom lays nothing out: ProseMirror asks ranges and text for their boxes when it scrolls the selection into view.
const noBox = () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
const noRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
for (const proto of [Range.prototype, Element.prototype, Text.prototype] as unknown as Record<string, unknown>[]) {
  proto.getClientRects ??= noRects;
  proto.getBoundingClientRect ??= noBox;
}
document.elementFromPoint ??= () => null;

/** A form field's life: the value the field sends comes back to it, as Form.Item does. */
function Field({ initial = "", seen }: { initial?: string; seen: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setValue("<p>Restored draft</p>")}>
        Restore
      </button>
      <RichTextField
        label="Description"
        value={value}
        onChange={(html) => {
          seen(html);
          setValue(html);
        }}
      />
    </>
  );
}

/** Types into the editor a key at a time, each reaching onChange before the next (ProseMirror reads the DOM after each). */
async function typeInto(
  user: ReturnType<typeof userEvent.setup>,
  seen: ReturnType<typeof vi.fn>,
  text: string,
  html: (typed: string) => string,
) {
  for (let i = 1; i <= text.length; i++) {
    await user.keyboard(text[i - 1] ?? "");
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(html(text.slice(0, i))));
  }
}

const editable = () => screen.findByRole("textbox", { name: "Description" }, { timeout: 15_000 });

describe("the rich-text field", () => {
  it("when text is typed and made bold from the toolbar, then the HTML with <strong> reaches onChange", async () => {
    stubContractFetch(() => undefined);
    const seen = vi.fn();
    const user = userEvent.setup();
    renderScreen(<Field seen={seen} />);
    const area = await editable();
    await user.click(area);
    await typeInto(user, seen, "Fresh rice", (typed) => `<p>${typed}</p>`);

    const bold = screen.getByRole("button", { name: "Bold" });
    expect(bold.getAttribute("aria-pressed")).toBe("false");
    // Select everything, then press Bold.
    await user.keyboard("{Control>}a{/Control}");
    await user.click(bold);
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith("<p><strong>Fresh rice</strong></p>"));
    expect(screen.getByRole("button", { name: "Bold" }).getAttribute("aria-pressed")).toBe("true");

    // Undo takes the bold off again.
    await user.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith("<p>Fresh rice</p>"));
  }, 60_000);

  it("when a saved description is shown and a heading is made, then every toolbar button is named and the list stays in the allowed markup", async () => {
    stubContractFetch(() => undefined);
    const seen = vi.fn();
    renderScreen(<Field initial="<p>Harvest</p><ul><li><p>Grown in Zhejiang</p></li></ul>" seen={seen} />);
    const area = await editable();
    expect(area.innerHTML).toContain("Grown in Zhejiang");
    const toolbar = screen.getByRole("toolbar", { name: "Formatting: Description" });
    const names = [...toolbar.querySelectorAll("button")].map((b) => b.getAttribute("aria-label"));
    expect(names).toEqual([
      "Bold",
      "Italic",
      "Heading H2",
      "Subheading H3",
      "Bulleted list",
      "Numbered list",
      "Link",
      "Insert image",
      "Undo",
      "Redo",
    ]);
    expect(seen).not.toHaveBeenCalled(); // loading the value sends nothing back

    fireEvent.click(screen.getByRole("button", { name: "Heading H2" }));
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith("<h2>Harvest</h2><ul><li><p>Grown in Zhejiang</p></li></ul>"));
    expect(screen.getByRole("button", { name: "Heading H2" }).getAttribute("aria-pressed")).toBe("true");

    // A value set from outside (a restored draft) is shown, and not sent back.
    const calls = seen.mock.calls.length;
    fireEvent.click(screen.getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(area.textContent).toBe("Restored draft"));
    expect(seen).toHaveBeenCalledTimes(calls);
  }, 60_000);

  it("when the link box gets a bare host, a script or mail, then only http(s) and mailto links are made", () => {
    expect(linkOf("example.com/rice")).toBe("https://example.com/rice");
    expect(linkOf("https://example.com")).toBe("https://example.com");
    expect(linkOf("mailto:shop@example.com")).toBe("mailto:shop@example.com");
    expect(linkOf("javascript:alert(1)")).toBeNull();
    expect(linkOf("rice")).toBeNull();
    expect(linkOf("  ")).toBeNull();
  });
});
