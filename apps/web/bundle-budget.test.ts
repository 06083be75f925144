import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { beforeAll, describe, expect, it } from "vitest";
import { layoutModule, routeChunks, sharedTexts } from "./route-chunks.ts";

/**
 * Bundle budgets (issue 7 §2), over the production build's manifest: the JavaScript a screen needs
 * before it shows (the entry, the screen's lazy chunk, the texts it loads in English, and everything
 * those import statically), gzipped at level 9. Deterministic: the same sources give the same sizes.
 * `npm run test:budget` (CI runs it after `npm run build`; without a build it builds first).
 */
const KB = 1024;
/** The issue's targets. The chunk target holds; the per-screen targets are out of reach with antd (below). */
const target = { login: 150 * KB, backOffice: 250 * KB, chunk: 200 * KB };
/**
 * Ceilings (KB, gzip -9), so no change makes a screen heavier unnoticed: one for what every screen shares (`shared`:
 * the entry with the English texts; the back office's layout on top of it) and one per screen for its own share
 * (`ceilings`: what the screen loads beyond the entry, or beyond the layout in the back office). Growth of the entry
 * (a route in the route table, the shell's words) is budgeted once, here, not again on every screen.
 * Each is what it measured when set plus 2 KB (set so when issue 11 split the budget this way); lower one when its
 * part gets lighter, and give a new screen its own. The targets are out of reach with antd: React 19 with
 * react-router, i18next and TanStack Query is 117 KB, an antd ConfigProvider with one Button and one Input adds 78 KB,
 * and the contract's zod schemas 32 KB (docs/decisions.md, "Bundle budgets", has the measurement). Heavy parts are
 * lazy chunks no first load takes: the map (Leaflet, geoman: 132 KB), the rich-text editor (TipTap: 135 KB), the
 * service areas' tree picker.
 * Issue 11's order screens then set theirs (measured + 2): the order detail grew 94 KB of its own with the vouchers,
 * line changes, address and logistics dialogs and repeated deliveries (its dialogs are candidates for lazy chunks),
 * the order list 38 KB (export, batch ship, sound toggle), the layout 4 KB (the live order stream and its badge).
 * Issue 12's after-sale screens set theirs (measured + 2); the after-sale contract (its calls, refusals and the audit
 * log's words for them) added 1.3 KB to the home (its to-do) and 1 KB to the settings home (the audit log).
 * The marketing, content and finance domains (coupons, promotions, videos, adverts, custom content, statements, the
 * dashboard, the finance account: 33 screens in the route table, their menus and audit words) took the entry to 277
 * KB and the layout to 327 (measured + 2), and the order detail 0.5 KB more (its coupon records).
 * Issue 22 (measured + 2): the finance home 4.3 KB more (the payments given back to buyers, their list and retry); the
 * order list and the pickup screen 0.2 KB (Export shown only to a member holding the export's own function).
 * Issue 23 (measured + 2): one Thumbnail for every uploaded image (it loads the server's 400 px WebP instead of a photo
 * of up to 10 MB) is a chunk shared by 12 screens, which moved antd's Image and its tooltip and dropdown parts beside
 * it: the shop opening steps 8 KB more, the vouchers and invoices about 10 KB (and kilobytes of WebP instead of
 * megabytes of photos on every list that shows images).
 * Issue 24 (measured + 2): an order's status badge and time format in a module of their own (`order-status.tsx`), not
 * imported from the order list screen, which had brought the whole list along: the order detail 31 KB lighter, the
 * voucher queue and the pickup screen 39 KB.
 * Issue 25 §1, phones (measured + 2): the layout 1.6 KB (the menu button of the navigation drawer, whose Drawer loads
 * on first press), the entry 0.5 KB (its words), the lists 0.1–0.3 KB (the cards load only on a narrow screen; the
 * query form's fold): the settings screen and the vouchers.
 * Issue 25 §4 (measured + 2): the order list 1 KB more ("Export order lines", the print batch actions and their
 * contract), the order detail 2.6 KB (the print buttons and the warehouse contract); the two print pages 49 and 56 KB of
 * their own (the page header's typography 17 KB, the orders contract 7 KB, the paper switch and notices 7 KB, the
 * slips' QR code generator 7 KB).
 * Issue 25 §2: the column picker of every list (the member's choice, the button and its checklist; a lazy checklist
 * saved only 0.1 KB) added 1.6 KB to each screen that shows a list; the 19 it took over their ceilings got 2 KB more.
 * Issue 25 §5 (measured + 2): the bank card form 26 KB more, antd's Select for the bank list (named in the UI language,
 * found by either language's name); the layout 0.2 KB over its ceiling (areas and banks in the UI language, the cache
 * marked stale after a write), raised by 1 KB; the field words of refusals load as a chunk of their own when one names a
 * field, so the entry stays within its ceiling.
 * Issue 25 and 27 together (measured + 1 KB, ratios + 0.01): the four parts above were measured each on its own; merged,
 * 80 screens grew past them by 0.1–2.5 KB (the column picker, the phone's cards and filter fold, the field words and
 * the lists kept fresh after a write, all in the list component and the shell), and the order detail and the dashboard
 * by their new cards, which load after the screen is drawn (fees and adjustments, reports, tracking, buyer counts).
 * Issue 27 §2, goods trace: the goods screens' texts grew 0.4 KB (the Trace and Batches tabs' words, loaded with every
 * goods route), so the goods, package, member-price and ladder lists rise by 1 KB; the tabs themselves load when
 * opened, which took the goods form to 283 KB and the detail to 251 KB of their own (ceilings lowered, measured + 2).
 * Issue 27 §2, §4 (measured + 2, ratios + 0.01): the shop settings 0.9 KB more (the Delivery range tab's texts and its
 * lazy loader; the map and the range calls load with the tab), which the shop's other screens share (their texts): the
 * open-shop result went 0.005 over its ratio. The finance home 0.4 KB (End the agreement; its drawer loads when opened).
 * Issue 27 §1 (measured + 2, ratios + 0.01): every list's export sheet (its columns' words in both languages, in its
 * domain's contract module), the export control beside Export and its words: 1–3.5 KB a list screen. The columns
 * dialog and the saved sets' calls load when first opened (a first cut loaded every domain's sheet with each list:
 * 50 KB more).
 * Issue 26 §4, typed edges on the web (measured + 1, ratios + 0.01): every screen's path from one module of typed
 * builders (`platform/paths.ts`, a chunk shared by the screens that link; the entry and the layout have no room for
 * it) and every write through TanStack Query's `useMutation` (`platform/use-write.ts`): 0.1–2 KB a screen.
 * Issue 26 §4, the order's timeline typed on the wire (measured + 1, ratios + 0.01): the timeline entry's schemas (one
 * per event, `orders-timeline.ts`) are now part of the orders contract every order screen loads, 0.5 KB a screen; the
 * order detail and the after-sale's order 1.1–1.4 KB with the one timeline component both draw. Over their ceilings:
 * those two, the after-sale handling screens and the invoice detail; over their ratios: those two, the ship and slips
 * pages and the after-sale results.
 * Issue 26 §4, every screen prefetches its first query and every write goes through one hook (measured + 1, ratios
 * + 0.01): the shared query factories and the hook's last users, 0.1–1.8 KB on seven screens (the open-shop steps,
 * the purchase detail and invoice titles, the evaluations, the bank card, the card pools, the goods types). Two that
 * grew more were mended instead: the login page took 8 KB of antd's Typography with the form's "still uploading"
 * line (now a plain span), and a member's detail 70 KB of the list component with the members tab's prefetch (now
 * beside the list, not in member.api.ts).
 */
const shared = { entry: 282, layout: 334 };
const ceilings: Record<string, number> = {
  "/": 73,
  "/login/toLogin": 73,
  "/login/backPwd": 101,
  "/login/403": 14,
  "/download": 201,
  "/agreement/:type/:code": 56,
  "/401": 14,
  "/403": 14,
  "/404": 14,
  "/500": 14,
  "/shopClose": 59,
  "/transaction/shopManage": 170,
  "/transaction/shopSetting": 273,
  "/transaction/setup/enterpriseInfo": 77,
  "/transaction/setup/enterpriseInfoEdit": 146,
  "/transaction/addccount/oppenshop": 170,
  "/transaction/addccount/idcardopen": 123,
  "/transaction/addccount/result": 70,
  // The audit log (every domain's audit words) loads after the screen, as its own chunk.
  "/setup/index": 41,
  "/transaction/setup/member": 194,
  "/transaction/setup/member/addMember": 95,
  "/transaction/setup/member/update/:id": 133,
  "/transaction/setup/setLoginPassword": 64,
  "/transaction/setup/rank/member": 178,
  "/transaction/setup/rank/member/detail/:boId": 107,
  // The home's figures of today (plain markup and a sparkline, no statistic or chart component): +0.6 KB.
  "/transaction/index": 63,
  "/transaction/shopSupplier": 188,
  "/transaction/shopAuthSupplier": 217,
  "/transaction/goodsManage": 231,
  "/transaction/goodsManage/publishGoods": 290,
  "/transaction/goodsManage/updateGoods": 290,
  "/transaction/goodsManage/detailGoods": 259,
  "/transaction/packageManage": 236,
  "/transaction/package/add": 230,
  "/transaction/package/upd/:id": 230,
  "/transaction/members": 232,
  "/transaction/members/addmembers": 180,
  "/transaction/ladder": 232,
  "/transaction/ladder/addladder": 117,
  "/transaction/freightTemplateList": 171,
  "/transaction/freightTemplateList/add": 130,
  "/transaction/freightTemplateList/freightAddOrUpdate/:id": 130,
  // Shipping the chosen rows (its dialog loads when opened; the batch action and its words stay): +0.8 KB.
  "/transaction/orderManage": 226,
  "/transaction/orderManage/orderDetailSeller/:id": 277,
  "/transaction/orderManage/print/picklist": 53,
  "/transaction/orderManage/print/slips": 60,
  "/transaction/orderManage/send/:id": 175,
  "/transaction/orderManage/orderPriceChange/:id": 109,
  "/transaction/goodsTypeManage": 148,
  "/transaction/shopRecommendManage": 189,
  "/transaction/shopAdvertManage/:id": 258,
  "/cms/cmsManage": 163,
  "/transaction/cmsManage": 163,
  "/transaction/cmsManage/edit": 71,
  "/transaction/orderManage/payVouchers": 202,
  "/transaction/extractManage": 240,
  "/transaction/pushSaleOrderManage": 184,
  // Issue 12 (invoices): the list and the details with its issue form (date picker, upload). The order detail grew by
  // its invoice link (the invoice contract module), and the settings home by the audit words of the invoice tables.
  "/transaction/invoice/invoiceList": 243,
  "/transaction/invoice/invoiceList/invoiceDetails": 251,
  "/transaction/checkBill_sell": 179,
  "/transaction/finance/index": 194,
  "/transaction/finance/account/YeePay/replaceBankcard": 97,
  // The figures and the top goods; ECharts (its own chunk) loads after them.
  "/transaction/dmpStatDataView": 142,
  // Promotions (measured + 2): the list, the form (range picker, the goods picker with SKU prices), the detail.
  "/transaction/promotionManage": 167,
  "/transaction/promotionManage/addPromotion": 223,
  "/transaction/promotionManage/editPromotion/:id": 223,
  "/transaction/promotionManage/detailPromotion/:id": 174,
  // Videos (measured + 2): the library list, the form (uploads, the goods picker).
  "/transaction/video/index": 180,
  "/transaction/video/edit": 219,
  // Coupons and exchange vouchers: the lists, the form (date pickers, the goods picker) and the details with two lists.
  "/transaction/shopTicket": 172,
  "/transaction/shopTicket/add": 227,
  "/transaction/shopTicket/update": 227,
  "/transaction/shopTicket/detail": 250,
  "/transaction/electronicVoucher": 171,
  "/transaction/electronicVoucher/add": 227,
  "/transaction/electronicVoucher/update": 227,
  "/transaction/electronicVoucher/detail": 250,
  "/transaction/activity/entityCards": 171,
  "/transaction/activity/entityCards/add": 227,
  "/transaction/activity/entityCards/detail": 250,
  "/transaction/cardPool/entityCardsPool": 172,
  "/transaction/cardPool/entityCardsPool/add": 105,
  "/transaction/cardPool/entityCardsPool/detail": 178,
  // Issue 12's evaluations (measured + 2): the reviews list with its score card and reply dialog, one evaluation.
  "/transaction/orderEvaluationManage": 180,
  "/transaction/orderManage/viewOrderEvaluation/:id": 190,
  "/transaction/orderAfterManage": 178,
  "/transaction/orderAfterManage/orderRefund": 215,
  "/transaction/orderAfterManage/orderRefundResult": 193,
  "/transaction/orderAfterManage/orderReturn": 215,
  "/transaction/orderAfterManage/orderReturnResult": 193,
  "/transaction/orderAfterManage/orderBarter": 215,
  "/transaction/orderAfterManage/orderBarterResult": 193,
  // Routes written over several lines, which the table reader missed until it learnt to read them (measured + 2).
  "/transaction/orderAfterManage/orderDetailSeller/:id": 205,
  "/transaction/goodsTypeManage/children/:id&:shopId&:name": 192,
  "/transaction/shopRecommendManage/recommendGoods/:classifyId&:shopId": 191,
  "*": 14,
  // Issue 27 §2, the organisation's purchases (measured + 2): the list (its totals and days), one purchase (the
  // evaluate and invoice drawers with antd's Rate), the invoice titles; the statements 1 KB more (the statement contract,
  // now shared with the purchases list, in a chunk of its own).
  "/transaction/purchaseManage": 189,
  "/transaction/purchaseManage/detail/:id": 192,
  "/transaction/purchaseManage/invoiceTitles": 186,
};

/** Issue 24: no back-office screen's first JavaScript more than this many times the antd floor page's (below). */
const floorRule = 1.35;
/**
 * The back-office screens over the rule when it came (issue 24), each with its ratio then (rounded up, + 0.02): they
 * may not grow past it, and leave this list once within the rule. The entry and the layout alone are 1.31 × the floor
 * (React Router, i18next, TanStack Query, the contract's zod schemas, the shell's menus and texts), so a screen of its
 * own above 10 KB is over.
 */
const overFloor: Record<string, number> = {
  "/setup/index": 1.49,
  "/transaction/index": 1.58,
  "/transaction/setup/enterpriseInfo": 1.59,
  "/transaction/setup/setLoginPassword": 1.58,
  "/transaction/finance/account/YeePay/replaceBankcard": 1.71,
  "/transaction/addccount/result": 1.61,
  "/transaction/cmsManage/edit": 1.61,
  "/transaction/setup/member/addMember": 1.71,
  "/transaction/cardPool/entityCardsPool/add": 1.74,
  // Issue 25 §4's print pages (measured + 0.02): the page header alone (typography, 17 KB) is over the rule.
  "/transaction/orderManage/print/picklist": 1.54,
  "/transaction/orderManage/print/slips": 1.57,
  "/transaction/orderManage/orderPriceChange/:id": 1.76,
  "/transaction/setup/rank/member/detail/:boId": 1.76,
  "/transaction/ladder/addladder": 1.79,
  "/transaction/addccount/idcardopen": 1.82,
  "/transaction/freightTemplateList/add": 1.84,
  "/transaction/freightTemplateList/freightAddOrUpdate/:id": 1.84,
  "/transaction/setup/member/update/:id": 1.86,
  "/transaction/goodsTypeManage": 1.91,
  "/transaction/dmpStatDataView": 1.9,
  "/transaction/setup/enterpriseInfoEdit": 1.91,
  "/transaction/shopManage": 1.95,
  "/cms/cmsManage": 1.98,
  "/transaction/cmsManage": 1.98,
  "/transaction/promotionManage": 1.99,
  "/transaction/cardPool/entityCardsPool": 2.01,
  "/transaction/freightTemplateList": 2.0,
  "/transaction/shopTicket": 2.01,
  "/transaction/activity/entityCards": 2.01,
  "/transaction/electronicVoucher": 2.01,
  "/transaction/promotionManage/detailPromotion/:id": 2.02,
  "/transaction/setup/rank/member": 2.03,
  "/transaction/addccount/oppenshop": 2.0,
  "/transaction/cardPool/entityCardsPool/detail": 2.04,
  "/transaction/orderEvaluationManage": 2.04,
  "/transaction/checkBill_sell": 2.04,
  "/transaction/orderAfterManage": 2.04,
  "/transaction/orderManage/send/:id": 2.03,
  "/transaction/video/index": 2.05,
  "/transaction/members/addmembers": 2.04,
  "/transaction/pushSaleOrderManage": 2.06,
  "/transaction/shopRecommendManage": 2.08,
  "/transaction/goodsTypeManage/children/:id&:shopId&:name": 2.09,
  "/transaction/shopRecommendManage/recommendGoods/:classifyId&:shopId": 2.09,
  "/transaction/shopSupplier": 2.07,
  "/transaction/finance/index": 2.1,
  "/transaction/orderAfterManage/orderBarterResult": 2.1,
  "/transaction/orderAfterManage/orderRefundResult": 2.1,
  "/transaction/orderAfterManage/orderReturnResult": 2.1,
  "/transaction/setup/member": 2.1,
  "/transaction/orderManage/viewOrderEvaluation/:id": 2.07,
  "/transaction/orderAfterManage/orderDetailSeller/:id": 2.14,
  "/transaction/orderAfterManage/orderBarter": 2.18,
  "/transaction/orderAfterManage/orderRefund": 2.18,
  "/transaction/orderAfterManage/orderReturn": 2.18,
  "/transaction/video/edit": 2.2,
  "/transaction/shopAuthSupplier": 2.19,
  "/transaction/orderManage": 2.22,
  "/transaction/goodsManage": 2.25,
  "/transaction/ladder": 2.25,
  "/transaction/members": 2.25,
  "/transaction/promotionManage/addPromotion": 2.22,
  "/transaction/promotionManage/editPromotion/:id": 2.22,
  "/transaction/activity/entityCards/add": 2.23,
  "/transaction/electronicVoucher/add": 2.23,
  "/transaction/electronicVoucher/update": 2.23,
  "/transaction/shopTicket/add": 2.23,
  "/transaction/shopTicket/update": 2.23,
  "/transaction/package/add": 2.24,
  "/transaction/package/upd/:id": 2.24,
  "/transaction/packageManage": 2.27,
  "/transaction/invoice/invoiceList": 2.3,
  "/transaction/orderManage/payVouchers": 2.13,
  "/transaction/activity/entityCards/detail": 2.32,
  "/transaction/electronicVoucher/detail": 2.32,
  "/transaction/invoice/invoiceList/invoiceDetails": 2.33,
  "/transaction/shopTicket/detail": 2.32,
  "/transaction/shopAdvertManage/:id": 2.35,
  "/transaction/shopSetting": 2.41,
  "/transaction/extractManage": 2.28,
  "/transaction/goodsManage/detailGoods": 2.51,
  "/transaction/goodsManage/publishGoods": 2.51,
  "/transaction/goodsManage/updateGoods": 2.51,
  "/transaction/orderManage/orderDetailSeller/:id": 2.43,
  // Issue 27 §2 (measured + 0.02), like the other lists and forms; the function tree, menus and route table the area
  // added to the entry took the twelve screens above that sat at their ratio 0.01 over it (raised by 0.01).
  "/transaction/purchaseManage": 2.08,
  "/transaction/purchaseManage/detail/:id": 2.1,
  "/transaction/purchaseManage/invoiceTitles": 2.07,
};

const root = import.meta.dirname;
const dist = resolve(root, "dist");
const manifestFile = resolve(dist, ".vite/manifest.json");

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
let manifest: Record<string, Chunk> = {};
const gz = new Map<string, number>();
const gzipped = (file: string) => {
  let size = gz.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(resolve(dist, file)), { level: 9 }).length;
    gz.set(file, size);
  }
  return size;
};

/** The chunk of `key` and every chunk it imports statically. */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}
const sizeOf = (keys: Set<string>) => [...keys].reduce((sum, k) => sum + gzipped(manifest[k]?.file ?? ""), 0);

/**
 * The antd floor page (`budget-floor/`: React, a ConfigProvider with the app's theme, a Button, an Input and a Table;
 * docs/decisions.md, "Bundle budgets"), built in this run with the same Vite, minified the same way: its JavaScript,
 * gzipped like the screens'.
 */
let floor = 0;
async function buildFloor(): Promise<number> {
  const out = mkdtempSync(join(tmpdir(), "sbo-antd-floor-"));
  try {
    await build({
      root: resolve(root, "budget-floor"),
      configFile: false,
      logLevel: "error",
      mode: "production",
      // Vitest runs with NODE_ENV=test, which would give React's development build.
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      plugins: [react()],
      build: { outDir: out, emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 2048 },
    });
    const floorManifest: Record<string, Chunk> = JSON.parse(readFileSync(join(out, ".vite/manifest.json"), "utf8"));
    const entry = Object.keys(floorManifest).find((k) => floorManifest[k]?.isEntry);
    const files = new Set<string>();
    const walk = (key: string) => {
      const chunk = floorManifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const k of chunk.imports ?? []) walk(k);
    };
    walk(entry ?? "");
    return [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(out, f)), { level: 9 }).length, 0);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  if (!existsSync(manifestFile)) await build({ root, logLevel: "warn" });
  manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  floor = await buildFloor();
}, 300_000);

describe("bundle budgets", () => {
  it("when any screen opens first, then its JavaScript stays within its ceiling (targets: login 150 KB, back office 250 KB gzipped)", () => {
    const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
    if (!entry) throw new Error("the manifest has no entry");
    const routes = routeChunks(root);
    expect(routes.length).toBeGreaterThan(20);
    const report: string[] = [];
    const over: string[] = [];
    for (const r of routes) {
      const isPublic = r.isPublic;
      const shell = isPublic ? [] : [layoutModule];
      const base = closure([entry, ...shell, sharedTexts.en]);
      const all = closure([entry, ...shell, r.module, sharedTexts.en, ...r.texts.en]);
      const size = sizeOf(all);
      const own = sizeOf(new Set([...all].filter((k) => !base.has(k))));
      const limit = (ceilings[r.path] ?? 0) * KB;
      const goal = isPublic ? target.login : target.backOffice;
      report.push(
        `${(size / KB).toFixed(1).padStart(6)} KB  (own ${(own / KB).toFixed(1).padStart(5)} KB)  ${r.path}${size > goal ? ` (target ${goal / KB} KB)` : ""}`,
      );
      if (own > limit) over.push(`${r.path}: its own ${(own / KB).toFixed(1)} KB > ${limit / KB} KB`);
    }
    for (const [name, keys] of [
      ["entry", [entry, sharedTexts.en]],
      ["layout", [entry, layoutModule, sharedTexts.en]],
    ] as const) {
      const size = sizeOf(closure([...keys]));
      report.push(`${(size / KB).toFixed(1).padStart(6)} KB  the ${name}`);
      if (size > shared[name] * KB) over.push(`the ${name}: ${(size / KB).toFixed(1)} KB > ${shared[name]} KB`);
    }
    console.log(`Initial JavaScript per screen (gzip -9):\n${report.join("\n")}`);
    expect(over).toEqual([]);
  });

  it("when a back-office screen opens first, then its JavaScript is at most 1.35 × the antd floor page's, built in the same run", () => {
    const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? "";
    expect(floor).toBeGreaterThan(100 * KB);
    const report: string[] = [];
    const over: string[] = [];
    for (const r of routeChunks(root).filter((r) => r.inLayout && !r.isPublic)) {
      const ratio = sizeOf(closure([entry, layoutModule, r.module, sharedTexts.en, ...r.texts.en])) / floor;
      const allowed = overFloor[r.path] ?? floorRule;
      report.push(`${ratio.toFixed(2)} × ${r.path}`);
      if (ratio > allowed) over.push(`${r.path}: ${ratio.toFixed(2)} × the floor > ${allowed}`);
      else if (overFloor[r.path] !== undefined && ratio <= floorRule)
        over.push(`${r.path}: ${ratio.toFixed(2)} × the floor: take it off overFloor`);
    }
    console.log(
      `The antd floor page: ${(floor / KB).toFixed(1)} KB; back-office screens' first JavaScript over it:\n${report.sort().join("\n")}`,
    );
    expect(over).toEqual([]);
  });

  it("when a screen opens first, then route-preload.js asks for the chunks it needs beyond the entry's, in the user's language", () => {
    const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? "";
    const script = readFileSync(resolve(dist, "route-preload.js"), "utf8");
    const preloads = (pathname: string, lang: "en" | "zh") => {
      const links: string[] = [];
      runInNewContext(script, {
        location: { pathname },
        localStorage: { getItem: () => lang },
        navigator: { language: "en-GB" },
        document: {
          createElement: () => ({}),
          head: { appendChild: (link: { rel: string; href: string }) => links.push(`${link.rel} ${link.href}`) },
        },
      });
      return links.sort();
    };
    const atStart = closure([entry]);
    for (const r of routeChunks(root)) {
      const path = r.path === "*" ? "/no/such/screen" : r.path.replace(/:\w+/g, "x1");
      for (const lang of ["en", "zh"] as const) {
        const needed = closure([entry, ...(r.inLayout ? [layoutModule] : []), r.module, sharedTexts[lang], ...r.texts[lang]]);
        const expected = [...needed].filter((k) => !atStart.has(k)).map((k) => `modulepreload /${manifest[k]?.file}`);
        expect(preloads(path, lang), `${path} in ${lang}`).toEqual(expected.sort());
      }
    }
    // A redirect preloads what its target needs.
    expect(preloads("/login", "en")).toEqual(preloads("/login/toLogin", "en"));
    expect(preloads("/setup", "zh")).toEqual(preloads("/setup/index", "zh"));
  });

  it("when a screen is added, then it gets its own ceiling", () => {
    expect(
      routeChunks(root)
        .filter((r) => ceilings[r.path] === undefined)
        .map((r) => r.path),
    ).toEqual([]);
  });

  it("when the app is split, then no chunk is over 200 KB gzipped and both languages' texts never share one", () => {
    const big = Object.values(manifest)
      .filter((c) => c.file.endsWith(".js") && gzipped(c.file) > target.chunk)
      .map((c) => `${c.file}: ${(gzipped(c.file) / KB).toFixed(1)} KB`);
    expect(big).toEqual([]);
    const zh = manifest["src/locales/zh.ts"];
    const en = manifest["src/locales/en.ts"];
    expect(zh?.file).toBeDefined();
    expect(zh?.file).not.toBe(en?.file);
  });

  it("when the login screen opens, then it loads no other feature and no other domain's contract", () => {
    const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? "";
    const loaded = [...closure([entry, "src/features/login/login-page.tsx"])].map((k) => manifest[k]?.src ?? k);
    const foreign = loaded.filter((src) =>
      /features\/(?!login\/)|contract\/src\/(member|staff|supplier|shop|address|organization)\.ts/.test(src),
    );
    expect(foreign).toEqual([]);
  });
});
