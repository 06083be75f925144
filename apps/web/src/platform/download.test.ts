import * as contract from "@sbo/contract/session";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, setNavigator } from "./api-client";
import { download, fileNameFromDisposition } from "./download";
import { setFeedback } from "./feedback";

const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const exportEntry = contract.system.exportAuditLog;

describe("file name from Content-Disposition", () => {
  it("reads the plain quoted form", () => {
    expect(fileNameFromDisposition('attachment; filename="orders.xlsx"')).toBe("orders.xlsx");
  });

  it("reads the plain unquoted form", () => {
    expect(fileNameFromDisposition("attachment; filename=orders.xlsx")).toBe("orders.xlsx");
  });

  it("decodes the RFC 5987 form", () => {
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E8%AE%A2%E5%8D%95.xlsx")).toBe("订单.xlsx");
  });

  it("prefers the RFC 5987 form when both are present", () => {
    expect(fileNameFromDisposition(`attachment; filename="orders.xlsx"; filename*=UTF-8''%E8%AE%A2%E5%8D%95.xlsx`)).toBe("订单.xlsx");
  });

  it("gives null without a header or a name", () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition("attachment")).toBeNull();
  });
});

describe("download()", () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  let clicked: { name: string; href: string }[];

  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchMock);
    clicked = [];
    URL.createObjectURL = vi.fn(() => "blob:test");
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.href });
    });
    setFeedback({ notice: vi.fn(), loading: () => () => {} });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setFeedback(null);
  });

  it("posts the filters with systemId and the export headers, saves under the server's name, reports progress", async () => {
    const bytes = new Uint8Array(2048);
    fetchMock.mockResolvedValue(
      new Response(bytes, {
        headers: {
          "content-type": xlsx,
          "content-length": "2048",
          "content-disposition": "attachment; filename*=UTF-8''%E6%97%A5%E5%BF%97.xlsx",
        },
      }),
    );
    const progress: number[] = [];
    const result = await download(exportEntry, { area: "setup" }, { onProgress: (p) => progress.push(p.received) });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe(exportEntry.path);
    expect(JSON.parse(String(init?.body))).toEqual({ area: "setup", systemId: 71 });
    expect(headers.get("system-id")).toBe("71");
    expect(headers.get("sign-token")).toBe("seller-web");
    // The server words the file's headers and values in the user's language.
    expect(headers.get("accept-language")).toBe("en");
    expect(init?.credentials).toBe("include");
    expect(result).toEqual({ fileName: "日志.xlsx", size: 2048 });
    expect(clicked).toEqual([{ name: "日志.xlsx", href: "blob:test" }]);
    expect(progress.at(-1)).toBe(2048);
  });

  it("treats a JSON answer as an error envelope, like call()", async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: "001107", msg: "log in", data: null }), {
        headers: { "content-type": "application/json" },
      }),
    );
    await expect(download(exportEntry, {})).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith("/login/toLogin");
    expect(clicked).toEqual([]);
  });
});
