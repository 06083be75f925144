import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { App } from "antd";

/** What a write says when it is done: fixed words, or words naming what the call answered. */
export type Done<T> = string | ((out: T) => string);

export interface Write {
  /**
   * Runs `run` (a call), then refreshes what shows it and says `done`. Answers whether it went through: a refusal was
   * already shown by call() in the Notice dialog, so it is neither thrown nor said twice. No `done` (or null): the caller
   * words the outcome itself. `after` gets the answer once the refresh is done, before the notice: e.g. choosing what
   * the write made, now that the list offering it holds it.
   */
  <T>(run: () => Promise<T>, done?: Done<T> | null, after?: (out: T) => void): Promise<boolean>;
  /**
   * After a write made elsewhere (a form's submit, a dialog's call): refreshes what shows it, then says `text`. With no
   * text it only refreshes: also a second look after a write the server finishes in the background.
   */
  done: (text?: string) => Promise<void>;
  /** Whether a write of this hook is running, its refresh included: the `loading` of the button that started it. */
  pending: boolean;
}

/**
 * The one way a screen writes (issue 26 §4): TanStack Query's `useMutation` runs the call, its `onSuccess` refreshes
 * every query under `refreshes` (a domain's `keys.all`, or a narrower key) before the promise settles, and the notice
 * follows — write → refresh → notice, in that order, so the notice never shows over the answer before the write.
 */
export function useWrite(...refreshes: readonly QueryKey[]): Write {
  const { message } = App.useApp();
  const client = useQueryClient();
  const refresh = () => Promise.all(refreshes.map((queryKey) => client.invalidateQueries({ queryKey })));
  const mutation = useMutation({ mutationFn: (run: () => Promise<unknown>) => run(), onSuccess: refresh });
  const write = async <T>(run: () => Promise<T>, done?: Done<T> | null, after?: (out: T) => void): Promise<boolean> => {
    let out: T;
    try {
      out = (await mutation.mutateAsync(run)) as T;
    } catch {
      // call() showed the refusal.
      return false;
    }
    after?.(out);
    if (done !== undefined && done !== null) void message.success(typeof done === "string" ? done : done(out));
    return true;
  };
  return Object.assign(write, {
    pending: mutation.isPending,
    done: async (text?: string) => {
      await refresh();
      if (text !== undefined) void message.success(text);
    },
  });
}
