import { contract } from "@sbo/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { expectOwnExportFunction, exportSheet, listAll } from "../../test/sheet-kit";
import { mediaVideo } from "./media.tables";

/*
 * The video list's export (issue 27 §1): its own function, exactly the list's filtered rows, chosen columns in order,
 * Chinese headers and review words, a formula-looking title as text, never another seller's videos.
 */

const M = contract.media;
let t: TestApp;
let owner: string;
let boId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  const me = await meOf(t, owner);
  boId = me.boId;
  const other = await meOf(t, await t.login("demo2"));
  // The demo's video files stand behind these entries (an entry needs a stored video).
  const [mine] = await t.db.select().from(mediaVideo).where(eq(mediaVideo.boId, boId)).limit(1);
  const [theirs] = await t.db.select().from(mediaVideo).where(eq(mediaVideo.boId, other.boId)).limit(1);
  if (!mine || !theirs) throw new Error("the demo sellers have no videos");
  const entry = (v: typeof mine, title: string, patch: Partial<typeof mediaVideo.$inferInsert> = {}) => ({
    boId: v.boId,
    shopId: v.shopId,
    videoFileId: v.videoFileId,
    title,
    ...patch,
  });
  await t.db
    .insert(mediaVideo)
    .values([
      entry(mine, "=1+1 Xclip orchard", { state: "approved", on: true, durationSeconds: 12.4, reviewedAt: new Date() }),
      entry(mine, "Xclip harvest", { state: "rejected", rejectReason: "tooLong", reviewedAt: new Date() }),
      entry(mine, "Xclip packing"),
      entry(theirs, "Xclip rival", { state: "approved", reviewedAt: new Date() }),
    ]);
}, 120_000);
afterAll(() => t.close());

const asCell = (s: string) => (/^[=+\-@]/.test(s) ? `'${s}` : s);

describe("video export", () => {
  it("when a member sees videos but lacks their export function, then 403 naming it", async () => {
    await expectOwnExportFunction(t, boId, M.exportPage, ["shop.video"]);
  });

  it("when exported with the list's filters, then the file holds exactly the list's rows, and no other seller's", async () => {
    for (const filters of [{ keyword: "Xclip" }, { keyword: "Xclip", state: "rejected" }, { keyword: "Xclip", state: "pending" }]) {
      const listed = await listAll(t, M.page, filters, owner);
      const file = await exportSheet(t, M.exportPage, filters, owner);
      expect(file.column("Title").sort(), JSON.stringify(filters)).toEqual(listed.map((v) => asCell(v.title)).sort());
    }
    expect((await exportSheet(t, M.exportPage, { keyword: "Xclip" }, owner)).rows).toHaveLength(3);
    expect((await exportSheet(t, M.exportPage, { keyword: "Xclip", state: "approved" }, owner)).column("Title")).toEqual([
      "'=1+1 Xclip orchard",
    ]);
  });

  it("when columns are chosen, then only they come, in that order; a formula-looking title is text", async () => {
    const file = await exportSheet(
      t,
      M.exportPage,
      { keyword: "Xclip", state: "approved", columns: ["on", "title", "durationSeconds"] },
      owner,
    );
    expect(file.headers).toEqual(["Shown", "Title", "Seconds"]);
    expect(file.rows).toEqual([["Yes", "'=1+1 Xclip orchard", 12]]);
    expect(file.fileName).toMatch(/videos-\d{4}-\d{2}-\d{2}\.xlsx/);
  });

  it("when a Chinese seller exports, then the headers, the review states and the reasons are Chinese", async () => {
    const file = await exportSheet(
      t,
      M.exportPage,
      { keyword: "Xclip harvest", columns: ["title", "state", "rejectReason"] },
      owner,
      "zh-CN",
    );
    expect(file.name).toBe("视频");
    expect(file.headers).toEqual(["标题", "审核状态", "未通过原因"]);
    expect(file.rows).toEqual([["Xclip harvest", "未通过", "长于 10 分钟"]]);
    const [rival] = await t.db
      .select()
      .from(mediaVideo)
      .where(and(eq(mediaVideo.title, "Xclip rival")));
    expect(rival?.boId).not.toBe(boId);
  });
});
