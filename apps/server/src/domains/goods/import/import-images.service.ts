import { goodsRefusals as R, type Refusal } from "@sbo/contract";
import type { FileStore } from "../../../platform/files/file-store";
import type { Ctx } from "../../../platform/http/context";
import {
  type FetchedImage,
  fetchImage,
  keepFetchedImage,
  RemoteImageError,
  type RemoteImageProblem,
} from "../../system/remote-image.service";
import type { Item, ParsedRow, Problem } from "./import-sheet.rules";

/* The import's images: each URL fetched by the server and kept as the seller's own file, a few items at a time. */

/** How many items' images are fetched at once (each item's images one after another). */
const IMAGE_ITEMS_AT_ONCE = 4;

const imageRefusal: Record<RemoteImageProblem, Refusal> = {
  url: R.importImageUrl,
  private: R.importImagePrivate,
  unreachable: R.importImageUnreachable,
  timeout: R.importImageTimeout,
  status: R.importImageStatus,
  tooLarge: R.importImageTooLarge,
  notImage: R.importImageNotImage,
  unreadable: R.importImageUnreadable,
};

/**
 * Fetches and checks every item's images; each one that fails is a problem of the item's first row, naming the image
 * (1: the main image) and why. `keep` (a commit): an item whose rows have no other problem keeps its images as the
 * seller's own files, in order; the dry run keeps nothing. A URL is fetched once per import.
 */
export async function fetchImages(ctx: Ctx, files: FileStore, items: Item[], problems: Problem[], keep: boolean) {
  const me = ctx.me();
  const opts = { allowPrivate: ctx.config.imageFetchAllowPrivate };
  const failed = new Map<string, RemoteImageError>();
  const kept = new Map<string, string>();
  const queue = items.filter((it) => (it.rows[0]?.imageUrls.length ?? 0) > 0);
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const first = item.rows[0] as ParsedRow;
      const rowsOfItem = new Set(item.rows.map((r) => r.row));
      const store = keep && !problems.some((p) => rowsOfItem.has(p.row));
      const fetched: (FetchedImage | string)[] = [];
      for (const [i, url] of first.imageUrls.entries()) {
        const known = failed.get(url);
        const fail = (err: RemoteImageError) =>
          problems.push({
            row: first.row,
            field: i === 0 && first.hasMainImage ? "mainImage" : "moreImages",
            refusal: imageRefusal[err.problem],
            params: { ...err.params, n: i + 1, url: url.slice(0, 200) },
          });
        if (known) {
          fail(known);
          continue;
        }
        const id = kept.get(url);
        if (id) {
          fetched.push(id);
          continue;
        }
        try {
          fetched.push(await fetchImage(url, opts));
        } catch (err) {
          if (!(err instanceof RemoteImageError)) throw err;
          failed.set(url, err);
          fail(err);
        }
      }
      if (!store || fetched.length < first.imageUrls.length) continue;
      for (const [i, f] of fetched.entries()) {
        const id = typeof f === "string" ? f : await keepFetchedImage(ctx.db, files, f, me, "goods");
        kept.set(first.imageUrls[i] as string, id);
        item.images.push(id);
      }
    }
  };
  await Promise.all(Array.from({ length: IMAGE_ITEMS_AT_ONCE }, worker));
}
