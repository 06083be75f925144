import { mkdir } from "node:fs/promises";
import type { Config } from "../../config";
import { type FileStore, localFileStore } from "./file-store";
import { s3FileStore } from "./s3-file-store";

/** The process's file store as FILE_STORE configures it, with what the process does with it besides. */
export interface OpenedFileStore {
  kind: Config["files"]["store"];
  files: FileStore;
  /** Resolves when the store can keep files (the folder exists; the bucket answers to the keys); else rejects saying why. */
  check(): Promise<void>;
  close(): void;
}

/** Local disk under DATA_DIR/files, or an S3-compatible bucket (FILE_STORE=s3): one per process, shared by the app and the jobs. */
export function openFileStore(config: Config["files"]): OpenedFileStore {
  if (config.store === "s3") {
    const files = s3FileStore(config);
    return { kind: "s3", files, check: () => files.check(), close: () => files.close() };
  }
  return {
    kind: "local",
    files: localFileStore(config.dir),
    check: async () => {
      await mkdir(config.dir, { recursive: true });
    },
    close: () => {},
  };
}
