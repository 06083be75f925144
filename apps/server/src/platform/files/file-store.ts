import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { newId } from "../db/ids";

/** Where file bytes live. Local disk, content-addressed; an S3-compatible store can implement the same. */
export interface FileStore {
  put(stream: Readable): Promise<{ sha256: string; size: number }>;
  get(sha256: string): Readable;
  exists(sha256: string): Promise<boolean>;
}

/** The stream was cut short by an upload size limit; nothing was stored. */
export class FileTooLargeError extends Error {
  constructor() {
    super("file is larger than the upload limit");
  }
}

export function localFileStore(root: string): FileStore {
  const pathOf = (sha: string) => join(root, sha.slice(0, 2), sha);
  return {
    async put(stream) {
      await mkdir(join(root, "tmp"), { recursive: true });
      const tmp = join(root, "tmp", newId());
      const hash = createHash("sha256");
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      try {
        await pipeline(stream, createWriteStream(tmp));
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      // An upload cut off by its size limit (busboy marks the stream truncated) is refused: keep no bytes.
      if ((stream as Readable & { truncated?: boolean }).truncated) {
        await rm(tmp, { force: true });
        throw new FileTooLargeError();
      }
      const sha256 = hash.digest("hex");
      await mkdir(join(root, sha256.slice(0, 2)), { recursive: true });
      await rename(tmp, pathOf(sha256));
      return { sha256, size };
    },
    get: (sha) => createReadStream(pathOf(sha)),
    async exists(sha) {
      return stat(pathOf(sha)).then(
        () => true,
        () => false,
      );
    },
  };
}
