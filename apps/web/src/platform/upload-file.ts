import type { Call, OutputOf } from "@sbo/contract/define";
import { SYSTEM_ID } from "@sbo/contract/define";
import * as contract from "@sbo/contract/session";
import { ApiError, clientCodes, failure, prepareFailure, REQUEST_TIMEOUT_MS, signToken } from "./api-client";
import { i18n } from "./i18n";

export type UploadedFile = OutputOf<typeof contract.system.upload>;

/** What a field takes, checked by the server against the bytes (the upload's config: kinds, size, pixels). */
export interface UploadLimits {
  /** Never videos: they go through `uploadVideo`. */
  accept?: ReadonlyArray<(typeof contract.generalUploadKinds)[number]>;
  maxKb?: number;
  minWidth?: number;
  minHeight?: number;
  maxWidth?: number;
  maxHeight?: number;
}

export interface UploadOptions {
  /** The folder the file is filed under (goods, shopLogo, licence …). */
  purpose?: string;
  limits?: UploadLimits;
  /** Percent 0–100 of the bytes sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  notify?: boolean;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Sends one file to `contract.system.upload` as multipart/form-data. XMLHttpRequest rather than
 * fetch because only it reports upload progress.
 */
export function uploadFile(file: File, opts: UploadOptions = {}): Promise<UploadedFile> {
  // The limits travel as the upload's config: one text field each (a list of kinds comma-separated).
  const limits = Object.entries(opts.limits ?? {}).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, Array.isArray(value) ? value.join(",") : String(value)] as const],
  );
  return uploadTo(contract.system.upload, file, { purpose: opts.purpose ?? "general", ...Object.fromEntries(limits) }, opts);
}

/**
 * Sends one file to any upload entry (`upload: true`, e.g. an import) with the entry's other input
 * fields beside it, reporting the bytes sent; resolves with the entry's answer.
 */
export function uploadTo<C extends Call>(
  entry: C,
  file: File,
  fields: Record<string, string>,
  opts: Omit<UploadOptions, "purpose" | "limits"> = {},
): Promise<OutputOf<C>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", entry.path);
    xhr.withCredentials = true;
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader("sign-token", signToken());
    xhr.setRequestHeader("system-id", String(SYSTEM_ID));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) opts.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    const fail = (code: string, key: "api.timeout" | "api.network") => reject(new ApiError({ code, msg: i18n.t(key), status: 0 }));
    xhr.onerror = () => fail(clientCodes.NETWORK, "api.network");
    xhr.ontimeout = () => fail(clientCodes.TIMEOUT, "api.timeout");
    xhr.onabort = () => reject(new DOMException("Upload aborted", "AbortError"));
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok && typeof body === "object" && body !== null && "code" in body && body.code === "0" && "data" in body) {
        resolve(body.data as OutputOf<C>);
      } else {
        void prepareFailure(body).then(() => reject(failure(xhr.status, body, { notify: opts.notify })));
      }
    };
    opts.signal?.addEventListener("abort", () => xhr.abort());

    const form = new FormData();
    form.append("systemId", String(SYSTEM_ID));
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
