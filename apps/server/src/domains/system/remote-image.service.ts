import { Readable } from "node:stream";
import type { Executor } from "../../platform/db/client";
import { HEAD_BYTES, TAIL_BYTES } from "../../platform/files/content-type";
import { fetchRemote, RemoteFetchError, type RemoteProblem } from "../../platform/files/fetch-remote";
import type { FileStore } from "../../platform/files/file-store";
import { type CleanImage, cleanImage, ImageTooManyPixelsError, ImageUnreadableError } from "../../platform/files/images";
import { AppError } from "../../platform/http/errors";
import * as repo from "./system.repository";
import { fitsConfig, storedName } from "./system.service";

/*
 * An image a seller named by its URL (the goods import), fetched by the server (platform/files/fetch-remote.ts: public
 * addresses only, a size limit, a timeout, an image content type), then checked and kept exactly as an uploaded one
 * (the bytes decide the type, decoded whole, upright, no metadata, with renditions) as the seller's own file.
 */

export const REMOTE_IMAGE_MAX_KB = 3072;
export const REMOTE_IMAGE_TIMEOUT_MS = 10_000;

/** Why an image named by a URL was not taken: the fetch's problem, or the picture's (`unreadable`). */
export type RemoteImageProblem = RemoteProblem | "unreadable";

export class RemoteImageError extends Error {
  constructor(
    readonly problem: RemoteImageProblem,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`remote image refused: ${problem}`);
  }
}

export interface RemoteImageOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** An image fetched and checked, ready to keep: cleaned (upright, no metadata) with its renditions. */
export interface FetchedImage {
  name: string;
  contentType: string;
  image: CleanImage;
}

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/** Fetches the image at `url` and checks it as an upload is checked; a RemoteImageError says why not. Keeps nothing. */
export async function fetchImage(url: string, o: RemoteImageOptions): Promise<FetchedImage> {
  const timeoutMs = o.timeoutMs ?? REMOTE_IMAGE_TIMEOUT_MS;
  let fetched: { bytes: Buffer; contentType: string };
  try {
    fetched = await fetchRemote(url, {
      allowPrivate: o.allowPrivate,
      maxBytes: REMOTE_IMAGE_MAX_KB * 1024,
      timeoutMs,
      contentTypes: ["image/"],
    });
  } catch (err) {
    if (!(err instanceof RemoteFetchError)) throw err;
    const params: Record<string, number> =
      err.problem === "status"
        ? { status: err.status ?? 0 }
        : err.problem === "timeout"
          ? { seconds: Math.round(timeoutMs / 1000) }
          : err.problem === "tooLarge"
            ? { kb: REMOTE_IMAGE_MAX_KB }
            : {};
    throw new RemoteImageError(err.problem, params);
  }
  const { bytes } = fetched;
  let contentType: string;
  try {
    const sniffed = fitsConfig(
      { head: bytes.subarray(0, HEAD_BYTES), tail: bytes.subarray(-TAIL_BYTES), size: bytes.length },
      { accept: "image", maxKb: REMOTE_IMAGE_MAX_KB },
    );
    if (!sniffed) throw new RemoteImageError("notImage");
    contentType = sniffed.contentType;
  } catch (err) {
    if (err instanceof AppError) throw new RemoteImageError("notImage");
    throw err;
  }
  const image = await cleanImage(bytes, contentType).catch((err: unknown) => {
    if (err instanceof ImageUnreadableError || err instanceof ImageTooManyPixelsError) throw new RemoteImageError("unreadable");
    throw err;
  });
  const name = storedName(decoded(new URL(url).pathname.split("/").pop() ?? "") || "image");
  return { name, contentType, image };
}

/** Keeps a fetched image as the organisation's own file (its bytes and renditions in the store); answers its id. */
export async function keepFetchedImage(
  db: Executor,
  files: FileStore,
  f: FetchedImage,
  owner: { boId: string; memberId: string },
  purpose: string,
): Promise<string> {
  const put = (b: Buffer) => files.put(Readable.from([b]), () => true);
  const [original, list, detail] = await Promise.all([put(f.image.bytes), put(f.image.renditions.list), put(f.image.renditions.detail)]);
  const row = await repo.insertStoredFile(db, {
    boId: owner.boId,
    memberId: owner.memberId,
    name: f.name,
    contentType: f.contentType,
    size: original.size,
    sha256: original.sha256,
    purpose,
    listSha256: list.sha256,
    detailSha256: detail.sha256,
  });
  return row.id;
}
