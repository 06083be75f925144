import type { BulkReport } from "@sbo/contract/bulk";
import "@sbo/contract/goods";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { renderScreen } from "@/test/render";
import { BulkReportDialog } from "./bulk-report";

const report: BulkReport = {
  done: ["g1"],
  refused: [
    { id: "g2", name: "Fresh plums", reason: "goods.shelfNeedsImage" },
    { id: "g3", name: "Fruit box", reason: "goods.bulkPartOffShelf", params: { part: "Pears" } },
    { id: "g4", name: "", reason: "goods.bulkNotFound" },
  ],
};

const show = (onClose = () => {}) =>
  renderScreen(
    <BulkReportDialog
      outcome={{ title: "Put on shelf", done: "1 item put on shelf", report }}
      linkOf={(row) => `/goods/detail?id=${row.id}`}
      onClose={onClose}
    />,
  );

afterEach(() => setLanguage("en"));

describe("the bulk report", () => {
  it("when some items were not changed, then each is named with a link to it and why, and one not found says so without a link", async () => {
    const onClose = vi.fn();
    show(onClose);
    const dialog = await screen.findByRole("dialog", { name: "Put on shelf" });
    expect(within(dialog).getByText("1 item put on shelf")).toBeTruthy();
    expect(within(dialog).getByText("3 were not changed:")).toBeTruthy();
    const table = within(dialog).getByRole("table", { name: "3 were not changed:" });
    const plums = within(table).getByRole("link", { name: "Fresh plums" });
    expect(plums.getAttribute("href")).toBe("/goods/detail?id=g2");
    expect(within(table).getByText("No image: add at least one image")).toBeTruthy();
    expect(within(table).getByRole("link", { name: "Fruit box" }).getAttribute("href")).toBe("/goods/detail?id=g3");
    expect(within(table).getByText('Its part "Pears" is not on sale')).toBeTruthy();
    expect(within(table).getByText("(not found)")).toBeTruthy();
    expect(within(table).getAllByRole("link")).toHaveLength(2);
    // The footer's Close (the corner's × is named Close too).
    fireEvent.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it("when the seller reads Chinese, then the report is Chinese all through", async () => {
    setLanguage("zh");
    show();
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("3 个未处理：")).toBeTruthy();
    expect(within(dialog).getByText("没有图片：请至少添加一张图片")).toBeTruthy();
    expect(within(dialog).getByText("套餐中的商品“Pears”未在售")).toBeTruthy();
    expect(within(dialog).getByText("（未找到）")).toBeTruthy();
    expect(within(dialog).getAllByRole("button", { name: "关闭" }).length).toBeGreaterThan(0);
    const english = /\b(not|image|found|Close|were|changed)\b/;
    expect(english.test((dialog.textContent ?? "").replace(/Fresh plums|Fruit box|Pears|Put on shelf|1 item put on shelf/g, ""))).toBe(
      false,
    );
  });
});
