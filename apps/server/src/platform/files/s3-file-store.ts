import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "../../config";
import { newId } from "../db/ids";
import { type FileStore, spool } from "./file-store";

/** Where the bucket is and the keys to it (FILE_STORE=s3: S3_* in config.ts), and where uploads wait. */
export interface S3Options extends S3Settings {
  /** Where an upload waits while its type is checked and its hash made; the system's temporary folder by default. */
  tmpDir?: string;
}

/** The file store on an S3-compatible bucket, and what the process does with its connection. */
export interface S3FileStore extends FileStore {
  /** Resolves when the bucket answers to the keys; else rejects with one line naming what to fix. */
  check(): Promise<void>;
  /** Ends the client's idle connections (the app's close). */
  close(): void;
}

/** The service said the object (or bucket) is not there. */
const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.$metadata?.httpStatusCode === 404 || e.name === "NotFound" || e.name === "NoSuchKey";
};

/** A missing object, as the local store's `get` fails on a missing file (fs's ENOENT). */
const noSuchFile = (sha256: string) => Object.assign(new Error(`no such file in the bucket: ${sha256}`), { code: "ENOENT" });

/**
 * File bytes in an S3-compatible bucket (AWS S3, Aliyun OSS, Tencent COS, MinIO), content-addressed as on local disk:
 * `<prefix><first two hex digits>/<sha256>`, so several server processes share the files without a shared folder.
 *
 * `put` first writes the upload to a temporary file (hashing it and keeping its ends for `accept`), so a refused,
 * failed or truncated upload never reaches the bucket; accepted bytes are sent under their hash unless the bucket
 * holds them already. `get` answers a stream at once, fed by GetObject; `exists` asks HeadObject.
 */
export function s3FileStore(o: S3Options): S3FileStore {
  const client = new S3Client({
    endpoint: o.endpoint,
    region: o.region,
    forcePathStyle: o.forcePathStyle,
    credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
    // Checksums only where the protocol requires them: the SDK's default (CRC32 trailers in aws-chunked bodies since
    // 3.729) is not understood by every S3-compatible service — some store the chunk framing with the bytes.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A service that does not answer fails the call in seconds instead of holding it (and the seller) for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = o.bucket;
  const keyOf = (sha256: string) => `${o.prefix}${sha256.slice(0, 2)}/${sha256}`;
  const tmpDir = o.tmpDir ?? tmpdir();

  const exists = async (sha256: string): Promise<boolean> => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(sha256) }));
      return true;
    } catch (err) {
      // Only "not there" is an answer; a service that cannot be reached or refuses the keys is a failure.
      if (missing(err)) return false;
      throw err;
    }
  };

  return {
    async put(stream, accept) {
      const tmp = join(tmpDir, `sbo-upload-${newId()}`);
      const spooled = await spool(stream, tmp, accept);
      try {
        // Content-addressed: bytes the bucket holds already are the same bytes.
        if (!(await exists(spooled.sha256))) {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: keyOf(spooled.sha256),
              Body: createReadStream(tmp),
              ContentLength: spooled.size,
              ContentType: "application/octet-stream",
            }),
          );
        }
      } finally {
        await rm(tmp, { force: true });
      }
      return spooled;
    },

    get(sha256) {
      const out = new PassThrough();
      const abort = new AbortController();
      // A reader that stops early (a header read, a client gone) ends the download too.
      out.once("close", () => abort.abort());
      client.send(new GetObjectCommand({ Bucket, Key: keyOf(sha256) }), { abortSignal: abort.signal }).then(
        (res) => {
          // Errors reach the reader through `out`, which pipeline destroys with them.
          pipeline(res.Body as Readable, out).catch(() => {});
        },
        (err: unknown) => {
          if (!out.destroyed) out.destroy(missing(err) ? noSuchFile(sha256) : (err as Error));
        },
      );
      return out;
    },

    exists,

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404) throw new Error(`S3_BUCKET "${Bucket}" does not exist at ${o.endpoint}`);
        if (status === 401 || status === 403)
          throw new Error(`the bucket "${Bucket}" at ${o.endpoint} refuses S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (HTTP ${status})`);
        const why = (err as { code?: string }).code ?? (status ? `HTTP ${status}` : (err as Error).message);
        throw new Error(`S3_ENDPOINT ${o.endpoint} does not answer for the bucket "${Bucket}" (${why})`);
      }
    },

    close: () => client.destroy(),
  };
}
