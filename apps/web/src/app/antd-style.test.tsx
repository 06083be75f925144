import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { render, screen } from "@testing-library/react";
import { Button, ConfigProvider } from "antd";
import { describe, expect, it } from "vitest";
import { antdImportsOf, publicAntdComponents, unusedAntdComponents } from "../../antd-static-style";
import { theme } from "./theme";

const src = resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = resolve(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

describe("antd's stylesheet is written at build time", () => {
  it("reads the named imports of a file", () => {
    expect(antdImportsOf('import { App, Button as B, type FormProps, Table } from "antd";')).toEqual(["App", "Button", "Table"]);
  });

  it("leaves out of the stylesheet no component a screen uses (it would show unstyled)", () => {
    const used = new Set(sources(src).flatMap((file) => antdImportsOf(readFileSync(file, "utf8"))));
    expect(used.size).toBeGreaterThan(20);
    const unstyled = [...used].filter((name) => (unusedAntdComponents as readonly string[]).includes(name));
    expect(unstyled, "take these off `unusedAntdComponents` in antd-static-style.ts").toEqual([]);
  });

  it("puts in the public screens' stylesheet what they draw, and not the back office's components", () => {
    const publicOnes = publicAntdComponents(resolve(src, ".."));
    // The login screen's tabs and form, the error screens' button, the feedback every screen may show.
    expect(publicOnes).toEqual(expect.arrayContaining(["Tabs", "Form", "Input", "Button", "Card", "message", "Modal"]));
    // The layout's menus and the lists' tables load with the layout.
    expect(publicOnes).not.toContain("Table");
    expect(publicOnes).not.toContain("Layout");
  });

  it("renders with no CSS-in-JS at run time, in the scope the stylesheet was written for", () => {
    // Rules antd wrote into the page for a class, other than the CSS variables of the theme.
    const rulesFor = (cls: string) =>
      [...document.querySelectorAll("style")]
        .flatMap((s) => [...(s.textContent ?? "").matchAll(/([^{}]+)\{([^{}]*)\}/g)])
        .filter(
          ([, selector, body]) => selector?.includes(cls) && (body ?? "").split(";").some((d) => d.trim() && !d.trim().startsWith("--")),
        );
    render(
      <ConfigProvider theme={theme}>
        <Button>Save</Button>
      </ConfigProvider>,
    );
    const button = screen.getByRole("button", { name: "Save" });
    expect(rulesFor(".ant-btn")).toEqual([]);
    // The stylesheet's rules are written as `.ant-btn` and its variables under the class `sbo`.
    expect(button.className.split(" ")).toEqual(expect.arrayContaining(["ant-btn", "sbo"]));
    expect(button.className).not.toMatch(/css-dev-only|css-var-/);
  });
});
