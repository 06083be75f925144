import type { Call, InputOf } from "@sbo/contract/define";
import { SYSTEM_ID } from "@sbo/contract/define";
import { type CallOptions, failure, prepareFailure, send } from "./api-client";

export interface DownloadProgress {
  received: number;
  /** From Content-Length; null when the server streams without announcing a size. */
  total: number | null;
}

export interface DownloadOptions extends Pick<CallOptions, "notify" | "signal" | "timeoutMs"> {
  onProgress?: (progress: DownloadProgress) => void;
  /** Used when the response names no file. */
  fallbackName?: string;
}

/**
 * The file name of a Content-Disposition header. The RFC 5987 form (`filename*=UTF-8''…`) wins over
 * the plain one because it is the only way to carry non-ASCII names such as 订单.xlsx.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ""));
    } catch {
      // A malformed escape: fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2]?.trim();
  return name || null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking synchronously can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function readAll(response: Response, onProgress?: (p: DownloadProgress) => void): Promise<Blob> {
  const type = response.headers.get("content-type") ?? "application/octet-stream";
  const length = Number(response.headers.get("content-length"));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const reader = response.body?.getReader();
  if (!reader) {
    const blob = await response.blob();
    onProgress?.({ received: blob.size, total });
    return blob;
  }
  const chunks: BlobPart[] = [];
  let received = 0;
  onProgress?.({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.({ received, total });
  }
  return new Blob(chunks, { type });
}

/**
 * Downloads an export entry (`download: true`): POST JSON, binary answer saved under the name the
 * server gives. A JSON answer is an error envelope and is handled exactly like call() errors.
 */
export async function download<C extends Call>(
  entry: C,
  input: InputOf<C>,
  opts: DownloadOptions = {},
): Promise<{ fileName: string; size: number }> {
  const response = await send(
    entry.path,
    {
      method: "POST",
      headers: { "content-type": "application/json", "system-id": String(SYSTEM_ID) },
      body: JSON.stringify({ ...(input as object), systemId: SYSTEM_ID }),
    },
    opts,
  );
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || type.includes("json")) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON after all: failure() reports a bad response.
    }
    await prepareFailure(body);
    throw failure(response.status, body, opts);
  }
  const blob = await readAll(response, opts.onProgress);
  const fileName = fileNameFromDisposition(response.headers.get("content-disposition")) ?? opts.fallbackName ?? "export.xlsx";
  saveBlob(blob, fileName);
  return { fileName, size: blob.size };
}
