import type { FileStore } from "../platform/files/file-store";
import { ensureDemoBannerFiles } from "./advert.demo";
import { ensureDemoImageFiles } from "./goods.demo";
import { ensureDemoInvoiceFile } from "./invoice.demo";
import { ensureDemoVideoFiles } from "./media.demo";

/**
 * The demo's files are made in code (goods thumbnails, advert banners, an invoice PDF, frame-less videos): their bytes
 * join the file store, each written once and found by its hash after that. The demo rows (seeded once, or copied from
 * the test template) point at them, so every start makes sure they are there.
 */
export async function ensureDemoFiles(files: FileStore): Promise<void> {
  await Promise.all([ensureDemoImageFiles(files), ensureDemoInvoiceFile(files), ensureDemoBannerFiles(files), ensureDemoVideoFiles(files)]);
}
