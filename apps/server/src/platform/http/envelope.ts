import { codes } from "@sbo/contract";

export const success = (data: unknown) => ({ code: codes.OK, msg: "success", data: data ?? null });
export const failure = (code: string, msg: string, data: unknown = null) => ({ code, msg, data });
