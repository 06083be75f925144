import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/** The keys s3rver accepts (it checks each request's signature against them). */
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * A local S3-compatible server (s3rver, pure JavaScript) on 127.0.0.1 at a free port, its objects in a temporary
 * folder, with the given buckets: what FILE_STORE=s3 talks to in the tests, started by the tests themselves.
 */
export async function startS3(buckets: string[]) {
  const directory = mkdtempSync(join(tmpdir(), "sbo-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: KEYS });
  return {
    endpoint,
    ...KEYS,
    /** The server's environment for a bucket (FILE_STORE=s3 and the S3_* variables). */
    env(bucket: string, prefix?: string): Record<string, string> {
      return {
        FILE_STORE: "s3",
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: KEYS.accessKeyId,
        S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
        S3_FORCE_PATH_STYLE: "1",
        ...(prefix ? { S3_PREFIX: prefix } : {}),
      };
    },
    /** Every key in a bucket, as the server lists them (not through the store under test). */
    async keys(bucket: string): Promise<string[]> {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ""));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    /** Takes an object out of a bucket behind the server's back (a file lost from the store). */
    async remove(bucket: string, key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async stop() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type LocalS3 = Awaited<ReturnType<typeof startS3>>;
