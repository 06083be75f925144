import "@sbo/contract/goods";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/platform/api-client";
import { renderScreen } from "@/test/render";
import { columnLabel, reportLineText, SheetImportDialog, type SheetImportWords } from "./sheet-import-dialog";

type Result = { mode: "dryRun" | "commit"; validRows: number; note: string };

const words: SheetImportWords = {
  title: "Import things",
  help: "Fill the template",
  drop: "Drop the sheet here",
  check: "Check the sheet",
  stepCommit: "Import",
  committing: "Importing…",
  commit: (count) => `Import ${count} rows`,
  failed: "The sheet could not be sent",
};

function open(opts: { upload: (mode: "dryRun" | "commit") => Promise<Result>; closeAfterCommit: boolean }) {
  const onClose = vi.fn();
  const afterCommit = vi.fn(async () => opts.closeAfterCommit);
  const template = vi.fn(async () => undefined);
  const upload = vi.fn(async (_file: File, mode: "dryRun" | "commit", onProgress: (percent: number) => void) => {
    onProgress(100);
    return opts.upload(mode);
  });
  renderScreen(
    <SheetImportDialog<Result>
      width={700}
      words={words}
      template={template}
      upload={upload}
      afterCommit={afterCommit}
      report={(r) => <p>report: {r.note}</p>}
      onClose={onClose}
    />,
  );
  const choose = () => {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    fireEvent.change(input, { target: { files: [new File(["x"], "things.xlsx")] } });
  };
  return { onClose, afterCommit, template, upload, choose };
}

describe("the template-sheet dialog", () => {
  it("when a sheet is checked and then committed, then the report of the dry run shows and the commit sends the same file", async () => {
    const d = open({ upload: async (mode) => ({ mode, validRows: 2, note: mode }), closeAfterCommit: true });
    expect((screen.getByRole("button", { name: "Check the sheet" }) as HTMLButtonElement).disabled).toBe(true);
    d.choose();
    fireEvent.click(await screen.findByRole("button", { name: "Check the sheet" }));
    expect(await screen.findByText("report: dryRun")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Import 2 rows" }));
    await waitFor(() => expect(d.onClose).toHaveBeenCalled());
    expect(d.upload.mock.calls.map((c) => [c[0].name, c[1]])).toEqual([
      ["things.xlsx", "dryRun"],
      ["things.xlsx", "commit"],
    ]);
    expect(d.afterCommit).toHaveBeenCalledWith({ mode: "commit", validRows: 2, note: "commit" });
  });

  it("when the feature keeps the dialog after a commit, then the commit's report shows and only OK is left to press", async () => {
    const d = open({ upload: async (mode) => ({ mode, validRows: 1, note: mode }), closeAfterCommit: false });
    d.choose();
    fireEvent.click(await screen.findByRole("button", { name: "Check the sheet" }));
    fireEvent.click(await screen.findByRole("button", { name: "Import 1 rows" }));
    expect(await screen.findByText("report: commit")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Import 1/ })).toBeNull();
    expect(screen.getByRole("button", { name: "OK" })).toBeTruthy();
    expect(d.onClose).not.toHaveBeenCalled();
  });

  it("when no row is valid, then the commit cannot be pressed", async () => {
    const d = open({ upload: async (mode) => ({ mode, validRows: 0, note: "none valid" }), closeAfterCommit: true });
    d.choose();
    fireEvent.click(await screen.findByRole("button", { name: "Check the sheet" }));
    await screen.findByText("report: none valid");
    expect((screen.getByRole("button", { name: "Import 0 rows" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("when the server refuses the file, then its words show and the seller can choose again", async () => {
    const d = open({
      upload: async () => {
        throw new ApiError({ code: "000001", msg: "The file is not the template", status: 400 });
      },
      closeAfterCommit: true,
    });
    d.choose();
    fireEvent.click(await screen.findByRole("button", { name: "Check the sheet" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The file is not the template");
    expect(screen.getByText("Drop the sheet here")).toBeTruthy();
  });

  it("when the template is asked for, then the feature's download runs", async () => {
    const d = open({ upload: async (mode) => ({ mode, validRows: 0, note: "" }), closeAfterCommit: true });
    fireEvent.click(screen.getByRole("button", { name: /Download the template/ }));
    await waitFor(() => expect(d.template).toHaveBeenCalledTimes(1));
  });
});

describe("a report line in words", () => {
  const columns = [{ key: "price", en: "Price*", zh: "售价（元）*" }];
  it("names the column without its required mark, or the whole row", () => {
    expect(columnLabel(columns, "price", "en")).toBe("Price");
    expect(columnLabel(columns, "", "en")).toBe("");
    expect(reportLineText(columns, { field: "price", reason: "goods.importNotNumber" }, "zh", "该行")).toBe("售价（元）必须是数字");
  });
});
