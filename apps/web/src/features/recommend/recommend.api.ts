import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/recommend";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const recommendKeys = queryKeys("recommend");

export type GroupRow = OutputOf<typeof contract.recommend.selRecommendClassifyList>[number];
export type RecommendRow = OutputOf<typeof contract.recommend.selExistRecommendByPage>["list"][number];

export const useGroups = () =>
  useQuery({
    queryKey: recommendKeys.list("groups", {}),
    queryFn: ({ signal }) => call(contract.recommend.selRecommendClassifyList, {}, { notify: false, signal }),
  });

/** A write, then every recommendation list refreshes and `done` is said; a refusal was shown by call(). */
export function useRecommendWrite() {
  const { message } = App.useApp();
  const client = useQueryClient();
  /** `done`: the toast once it is written, or null when the caller words the outcome itself (a bulk report). */
  return async (write: () => Promise<unknown>, done: string | null) => {
    try {
      await write();
      await client.invalidateQueries({ queryKey: recommendKeys.all });
      if (done) void message.success(done);
    } catch {
      // call() showed the refusal.
    }
  };
}
