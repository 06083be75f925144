import * as contract from "@sbo/contract/session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { setFeedback } from "./feedback";
import { uploadFile } from "./upload-file";

/** Just enough of XMLHttpRequest to see what is sent and to answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  withCredentials = false;
  timeout = 0;
  status = 0;
  responseText = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {}
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  setFeedback(null);
});

describe("uploadFile", () => {
  it("sends the file as multipart with purpose, systemId, sign-token and system-id, and reports progress", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const progress: number[] = [];
    const file = new File(["png"], "logo.png", { type: "image/png" });
    const pending = uploadFile(file, { purpose: "shopLogo", onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last as FakeXhr;

    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe(contract.system.upload.path);
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers).toEqual({ "sign-token": "seller-web", "system-id": "71" });
    expect(xhr.body?.get("purpose")).toBe("shopLogo");
    expect(xhr.body?.get("systemId")).toBe("71");
    const sent = xhr.body?.get("file");
    expect(sent instanceof File ? sent.name : null).toBe("logo.png");

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    const uploaded = { id: "f1", url: "/files/f1", name: "logo.png", size: 3, contentType: "image/png" };
    xhr.answer(200, { code: "0", msg: "", data: uploaded });
    await expect(pending).resolves.toEqual(uploaded);
    expect(progress).toEqual([50]);
  });

  it("sends the field's limits as the upload's config, each a form field the server checks", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const file = new File(["png"], "apple.png", { type: "image/png" });
    void uploadFile(file, { purpose: "goods", limits: { accept: ["image"], maxKb: 3072, minWidth: 480, minHeight: 480 } }).catch(() => {});
    const body = (FakeXhr.last as FakeXhr).body;
    expect(body?.get("purpose")).toBe("goods");
    expect(body?.get("accept")).toBe("image");
    expect(body?.get("maxKb")).toBe("3072");
    expect([body?.get("minWidth"), body?.get("minHeight")]).toEqual(["480", "480"]);
    expect(body?.has("maxWidth")).toBe(false);
    // The same names as the contract's input, so the server reads them.
    expect(contract.system.upload.input.safeParse({ accept: "image", maxKb: "3072", minWidth: "480", minHeight: "480" }).success).toBe(
      true,
    );
  });

  it("rejects with the server's error", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    setFeedback({ notice: vi.fn(), loading: () => () => {} });
    const pending = uploadFile(new File(["x"], "big.exe"), { notify: false });
    FakeXhr.last?.answer(400, { code: "000001", msg: "file: this type is not allowed", data: { issues: [] } });
    await expect(pending).rejects.toBeInstanceOf(ApiError);
  });
});
