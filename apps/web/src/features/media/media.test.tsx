import * as contract from "@sbo/contract/media";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import type { VideoDetail, VideoRow } from "./media.api";
import { Component as VideoEditPage } from "./video-edit-page";
import { Component as VideoList } from "./video-list-page";

vi.mock("@/platform/upload-file", () => ({
  uploadTo: vi.fn(async (_entry: unknown, file: File, fields: Record<string, string>) => ({
    id: "f9",
    url: "/files/f9",
    name: `${file.name}:${fields.token}`,
    size: file.size,
    contentType: "video/mp4",
  })),
  uploadFile: vi.fn(),
}));

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

const row = (over: Partial<VideoRow> = {}): VideoRow => ({
  id: "v1",
  title: "Harvest in the orchard",
  cover: null,
  video: { id: "f1", url: "/files/f1", name: "a.mp4", size: 2 * 1024 * 1024, contentType: "video/mp4" },
  durationSeconds: 84,
  state: "approved",
  rejectReason: null,
  on: true,
  goodsCount: 2,
  reviewedAt: "2026-01-01T00:00:00.000Z",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

function stub() {
  return stubContractFetch((entry, body) => {
    if (entry === contract.media.page) {
      const list = [
        row(),
        row({ id: "v2", title: "Packing test", state: "rejected", rejectReason: "tooShort", on: false, durationSeconds: 0.5 }),
        row({ id: "v3", title: "Fresh", state: "pending", on: false, durationSeconds: null }),
      ].filter((x) => body.state === undefined || x.state === body.state);
      return { list, total: list.length, pageNum: 1, pageSize: 20 };
    }
    if (entry === contract.media.updateStatus) return row({ on: Boolean(body.on) });
    if (entry === contract.media.getUploadSts2WithExpire)
      return { token: "signed", expiresAt: "2099-01-01T00:00:00.000Z", uploadPath: contract.media.upload.path, maxMb: 50 };
    if (entry === contract.media.add) return { ...row({ id: "v9", state: "pending", on: false }), goods: [] } satisfies VideoDetail;
    return undefined;
  });
}

describe("the video list", () => {
  it("when it opens, then each video shows its review state (a rejected one its reason) and only an approved one goes on or off", async () => {
    const { requests } = stub();
    renderScreen(<VideoList />, { member: owner });
    const approved = (await screen.findByText("Harvest in the orchard")).closest("tr") as HTMLElement;
    expect(within(approved).getByText("1:24")).toBeTruthy();
    expect(within(approved).getByText("2.0 MB")).toBeTruthy();
    const rejected = screen.getByText("Packing test").closest("tr") as HTMLElement;
    expect(within(rejected).getByText("Shorter than 1 second")).toBeTruthy();
    expect(within(rejected).queryByRole("button", { name: /^Put on: / })).toBeNull();
    const pending = screen.getByText("Fresh").closest("tr") as HTMLElement;
    expect(within(pending).getByText("Pending review")).toBeTruthy();
    expect(within(pending).queryByRole("button", { name: /^Take off: / })).toBeNull();
    fireEvent.click(within(approved).getByRole("button", { name: "Take off: Harvest in the orchard" }));
    await waitFor(() => expect(requests.find((q) => q.entry === contract.media.updateStatus)?.body).toEqual({ id: "v1", on: false }));
  }, 60_000);
});

describe("adding a video", () => {
  it("when a file is chosen, then it is sent with a fresh upload credential and the saved video names it", async () => {
    const { requests } = stub();
    renderScreen(<VideoEditPage />, { member: owner, url: "/edit", path: "/edit" });
    fireEvent.change(await screen.findByLabelText("Title"), { target: { value: "Morning pick" } });
    const input = document.querySelector('input[type=file][accept="video/mp4,video/webm"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["....ftypisom"], "pick.mp4", { type: "video/mp4" })] } });
    await screen.findByText("pick.mp4:signed");
    expect(requests.some((q) => q.entry === contract.media.getUploadSts2WithExpire)).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(requests.find((q) => q.entry === contract.media.add)).toBeTruthy());
    expect(requests.find((q) => q.entry === contract.media.add)?.body).toEqual({
      title: "Morning pick",
      videoFileId: "f9",
      coverFileId: null,
      goodsIds: [],
    });
  }, 60_000);
});
