import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, requiredTextbox, signIn } from "./support";

/**
 * Videos: the owner of Green Valley sees the demo library (an approved, a rejected with its reason, a pending video),
 * adds a video with a small MP4 (uploaded with the short-lived credential) and sees it pending review in the list.
 * Axe on the list and the form.
 */

const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
};
/** An MP4 stating 6 seconds in its movie header (ftyp + moov/mvhd). */
function smallMp4(): Buffer {
  const ftyp = box(
    "ftyp",
    Buffer.concat([Buffer.from("isom", "latin1"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2mp41", "latin1")]),
  );
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(6000, 16);
  mvhd.writeUInt32BE(0x00010000, 20);
  return Buffer.concat([ftyp, box("moov", box("mvhd", mvhd))]);
}

test("a video uploaded to the library is pending review", async ({ page }) => {
  test.setTimeout(180_000);
  const title = `Morning pick ${Date.now().toString(36)}`;
  await signIn(page, "demo", { open: "/transaction/video/index" });
  await expect(page.getByRole("heading", { name: "Videos", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Harvest in the orchard" }).getByText("Approved")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Packing test" }).getByText("Shorter than 1 second")).toBeVisible();
  await expectNoSeriousViolations(page, "the video list");

  await page.getByRole("button", { name: "Add video" }).click();
  await expect(page).toHaveURL(/\/transaction\/video\/edit$/);
  await page.locator('input[type=file][accept="video/mp4,video/webm"]').setInputFiles({
    name: "pick.mp4",
    mimeType: "video/mp4",
    buffer: smallMp4(),
  });
  await expect(page.getByText("pick.mp4")).toBeVisible();
  await expectNoSeriousViolations(page, "the video form");
  // Typed last: the screen has settled (a field typed in while the route is still mounting can be lost).
  await requiredTextbox(page, "Title").fill(title);
  await expect(requiredTextbox(page, "Title")).toHaveValue(title);
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(/\/transaction\/video\/index/);
  await expect(page.getByText("Video saved: it is pending review")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Pending review")).toBeVisible();
  await page.goto("/transaction/video/index?tab=pending");
  await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();
});
