import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TextArea, TextInput } from "./text-input";

const src = join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [path] : [];
  });
}

/** Every JSX opening tag of antd's Input or Input.TextArea, with its attributes (they may span lines). */
const inputTags = (text: string) => [...text.matchAll(/<Input(\.TextArea)?\s[^>]*?\/?>/gs)].map((m) => m[0]);

describe("TextInput and TextArea", () => {
  it("show a counter of what is typed against the limit", async () => {
    render(
      <>
        <TextInput aria-label="Name" maxLength={20} />
        <TextArea aria-label="Remark" maxLength={200} />
      </>,
    );
    await userEvent.type(screen.getByRole("textbox", { name: "Name" }), "Cashier");
    expect(screen.getByText("7 / 20")).toBeTruthy();
    expect(screen.getByText("0 / 200")).toBeTruthy();
  });

  it("without a limit show no counter", () => {
    const { container } = render(<TextInput aria-label="Note" />);
    expect(container.querySelector(".ant-input-show-count-suffix")).toBeNull();
  });
});

describe("a limited text field shows how much is left (issue 8, item 18)", () => {
  it("free text with a maxLength goes through TextInput / TextArea (counter); only fixed-format fields (inputMode) use a bare Input", () => {
    const offenders = sources(src)
      .filter((file) => !file.endsWith("text-input.tsx"))
      .flatMap((file) =>
        inputTags(readFileSync(file, "utf8"))
          .filter((tag) => /\bmaxLength=/.test(tag) && !/\binputMode=/.test(tag))
          .map((tag) => `${relative(src, file)}: ${tag.replace(/\s+/g, " ").slice(0, 80)}`),
      );
    expect(offenders).toEqual([]);
  });
});
