import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { newId } from "../db/ids";
import { type FileEnds, HEAD_BYTES, TAIL_BYTES } from "./content-type";

/**
 * Where file bytes live, content-addressed by their sha256: local disk (`localFileStore`) or an S3-compatible bucket
 * (`s3FileStore`, s3-file-store.ts); FILE_STORE chooses (`openFileStore`, open-file-store.ts).
 * `put` shows `accept` the file's first and last bytes before keeping it; bytes it refuses (null, or an error it
 * throws) are not kept. `get` answers the bytes as a stream at once; bytes that are not there make the stream fail
 * with an error whose `code` is `ENOENT` (callers ask `exists` first where a missing file is an answer).
 */
export interface FileStore {
  put<T>(stream: Readable, accept: (ends: FileEnds & { size: number }) => T | null): Promise<{ sha256: string; size: number; accepted: T }>;
  get(sha256: string): Readable;
  exists(sha256: string): Promise<boolean>;
}

/** `accept` refused the bytes; nothing was stored. */
export class FileRefusedError extends Error {
  constructor() {
    super("the file's bytes are of no accepted type");
  }
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
    async put(stream, accept) {
      await mkdir(join(root, "tmp"), { recursive: true });
      const tmp = join(root, "tmp", newId());
      const spooled = await spool(stream, tmp, accept);
      await mkdir(join(root, spooled.sha256.slice(0, 2)), { recursive: true });
      await rename(tmp, pathOf(spooled.sha256));
      return spooled;
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

/**
 * Writes an upload to the temporary file `tmp`, hashing it and keeping its first and last bytes, then shows `accept`
 * those ends. Answers the bytes' sha256, size and what `accept` answered, the bytes waiting in `tmp` for the store to
 * keep. An upload that fails, is cut short by its size limit or is refused leaves no `tmp` behind and throws.
 */
export async function spool<T>(
  stream: Readable,
  tmp: string,
  accept: (ends: FileEnds & { size: number }) => T | null,
): Promise<{ sha256: string; size: number; accepted: T }> {
  const hash = createHash("sha256");
  let size = 0;
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  stream.on("data", (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
    if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
    tail = Buffer.concat([tail, chunk]);
    if (tail.length > TAIL_BYTES) tail = tail.subarray(tail.length - TAIL_BYTES);
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
  let accepted: ReturnType<typeof accept>;
  try {
    accepted = accept({ head, tail, size });
    if (accepted === null) throw new FileRefusedError();
  } catch (err) {
    // Refused (or `accept` threw its own refusal, e.g. an image too small): keep no bytes.
    await rm(tmp, { force: true });
    throw err;
  }
  return { sha256: hash.digest("hex"), size, accepted };
}
