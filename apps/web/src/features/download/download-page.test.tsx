import * as contract from "@sbo/contract/session";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { Component as DownloadPage } from "./download-page";

const release = (version: string, downloadUrl: string | null) => ({
  id: `V${version}`,
  version,
  title: `Release ${version}`,
  notes: "Notes",
  releasedAt: "2026-11-20T02:00:00.000Z",
  downloadUrl,
});
const latest = release("1.0.0", "https://dl.example.com/sbo/1.0.0/seller.apk");
const older = release("0.9.0", null);

function stubReleases() {
  stubContractFetch((entry) => {
    if (entry === contract.session.selLatestVersionInfo) return latest;
    if (entry === contract.session.getHistoryVersion) return { list: [latest, older], total: 2, pageNum: 1, pageSize: 10 };
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("/download", () => {
  it("offers the latest release's download link, as a button, as text and as a QR code named after the link", async () => {
    stubReleases();
    renderScreen(<DownloadPage />);
    const button = await screen.findByRole("link", { name: "Download version 1.0.0" });
    expect(button.getAttribute("href")).toBe(latest.downloadUrl);
    const qr = await screen.findByRole("img", { name: `QR code of the download link of version 1.0.0: ${latest.downloadUrl}` });
    expect(qr.tagName.toLowerCase()).toBe("svg");
    const asText = screen.getAllByRole("link", { name: latest.downloadUrl ?? "" });
    expect(asText[0]?.getAttribute("href")).toBe(latest.downloadUrl);
  });

  it("gives each release of the history its own link and QR code, and says so when a release has none", async () => {
    stubReleases();
    renderScreen(<DownloadPage />);
    const oldest = (await screen.findByText("Release 0.9.0")).closest("tr");
    // The latest release's title shows twice: in the latest card, then in the history's first row.
    const newest = screen.getAllByText("Release 1.0.0").at(-1)?.closest("tr");
    if (!newest || !oldest) throw new Error("history rows missing");
    expect(within(newest).getByRole("link", { name: "Download version 1.0.0" }).getAttribute("href")).toBe(latest.downloadUrl);
    await userEvent.click(within(newest).getByRole("button", { name: "Show the QR code of version 1.0.0" }));
    expect(await screen.findAllByRole("img", { name: /QR code of the download link of version 1\.0\.0/ })).toHaveLength(2);
    expect(within(oldest).getByText("No download link has been published for this release.")).toBeTruthy();
    expect(within(oldest).queryByRole("link")).toBeNull();
  });

  it("without a published link, says what the seller can do instead and offers this back office's own address as a QR code (issue 27 §4)", async () => {
    stubContractFetch((entry) => {
      if (entry === contract.session.selLatestVersionInfo) return older;
      if (entry === contract.session.getHistoryVersion) return { list: [older], total: 1, pageNum: 1, pageSize: 10 };
      return undefined;
    });
    renderScreen(<DownloadPage />);
    expect(await screen.findByText("This server does not offer the app for download.")).toBeTruthy();
    expect(screen.getByText(/open the back office in the phone's browser/)).toBeTruthy();
    const here = `${window.location.origin}/`;
    expect(await screen.findByRole("img", { name: `QR code of this back office's address: ${here}` })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Download version/ })).toBeNull();
  });

  it("with no release at all, says so and still says what to do instead, in Chinese too", async () => {
    await setLanguage("zh");
    try {
      stubContractFetch((entry) => {
        if (entry === contract.session.selLatestVersionInfo) return null;
        if (entry === contract.session.getHistoryVersion) return { list: [], total: 0, pageNum: 1, pageSize: 10 };
        return undefined;
      });
      renderScreen(<DownloadPage />);
      expect(await screen.findByText("尚未发布任何版本。")).toBeTruthy();
      expect(screen.getByText("本服务器未提供 App 下载。")).toBeTruthy();
      expect(await screen.findByRole("img", { name: /本后台地址的二维码/ })).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  });

  it("speaks Chinese to a Chinese user", async () => {
    await setLanguage("zh");
    try {
      stubReleases();
      renderScreen(<DownloadPage />);
      expect(await screen.findByRole("link", { name: "下载 1.0.0 版本" })).toBeTruthy();
      expect(await screen.findByRole("img", { name: `1.0.0 版本下载链接的二维码：${latest.downloadUrl}` })).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  });
});
