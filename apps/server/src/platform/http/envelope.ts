import { codes, type Params } from "@sbo/contract";

export const success = (data: unknown) => ({ code: codes.OK, msg: "success", data: data ?? null });
export const failure = (code: string, msg: string, data: unknown = null, reason?: { reason?: string; params?: Params }) => ({
  code,
  msg,
  data,
  ...(reason?.reason ? { reason: reason.reason } : {}),
  ...(reason?.params ? { params: reason.params } : {}),
});
