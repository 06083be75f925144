import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { listSizeUrl, Thumbnail } from "./thumbnail";

describe("thumbnails load the list-size rendition (issue 23)", () => {
  it("an uploaded file's URL gets ?size=list; any other URL (a local preview, a URL with a query) is left as it is", () => {
    expect(listSizeUrl("/files/01JD8Z6W0Q4YB9C1M2N3P4R5S6")).toBe("/files/01JD8Z6W0Q4YB9C1M2N3P4R5S6?size=list");
    expect(listSizeUrl("blob:http://localhost/1234")).toBe("blob:http://localhost/1234");
    expect(listSizeUrl("/files/public/01JD8Z6W0Q4YB9C1M2N3P4R5S6?size=detail")).toBe(
      "/files/public/01JD8Z6W0Q4YB9C1M2N3P4R5S6?size=detail",
    );
    expect(listSizeUrl("/files/01JD8Z6W0Q4YB9C1M2N3P4R5S6?size=detail")).toBe("/files/01JD8Z6W0Q4YB9C1M2N3P4R5S6?size=detail");
  });

  it("a list's cell shows the small image, and its preview the full one", async () => {
    render(<Thumbnail file={{ url: "/files/f1" }} alt="Apples" width={48} height={48} />);
    const small = screen.getByRole("img", { name: "Apples" });
    expect(small.getAttribute("src")).toBe("/files/f1?size=list");
    fireEvent.click(small);
    const shown = await screen.findAllByRole("img", { name: "Apples" });
    expect(shown.map((img) => img.getAttribute("src"))).toContain("/files/f1");
  });

  it("without a preview, only the small image", () => {
    render(<Thumbnail file={{ url: "/files/f2" }} alt="Pears" width={48} preview={false} />);
    expect(screen.getByRole("img", { name: "Pears" }).getAttribute("src")).toBe("/files/f2?size=list");
  });
});
