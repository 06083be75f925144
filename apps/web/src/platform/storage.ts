import { useEffect, useRef, useState } from "react";

/**
 * Spec §1: screen state is saved to browser storage when the page unloads, restored on the next
 * load, then cleared. sessionStorage, because a reload stays in the same tab and the state of one
 * tab must not leak into another.
 */
export const SAVED_STATE_KEY = "sbo:saved-state";

/**
 * Prefixes of map-service cache entries purged from localStorage at start (spec §9). The maps
 * service stores tiles and plugin code under `_AMap_…` and `AMap…`; our own map components cache
 * under `map:…`. Stale copies break the map after an upgrade and fill the storage quota.
 */
export const MAP_CACHE_PREFIXES: readonly string[] = ["_AMap_", "AMap", "map:"];

type Getter = () => unknown;

const getters = new Map<string, Getter>();
let restored: Record<string, unknown> = {};

/** Registers a screen's state; its current value is written on unload. Returns the unregister function. */
export function registerSavedState(key: string, get: Getter): () => void {
  getters.set(key, get);
  return () => {
    if (getters.get(key) === get) getters.delete(key);
  };
}

/** The value saved for `key` by the previous page load, handed out once. */
export function takeSavedState<T>(key: string): T | undefined {
  if (!(key in restored)) return undefined;
  const value = restored[key] as T;
  delete restored[key];
  return value;
}

/** Writes every registered state; runs on `beforeunload`. */
export function saveAll(storage: Storage = sessionStorage): void {
  if (getters.size === 0) return;
  const out: Record<string, unknown> = {};
  for (const [key, get] of getters) out[key] = get();
  try {
    storage.setItem(SAVED_STATE_KEY, JSON.stringify(out));
  } catch {
    // Quota exceeded or storage disabled: losing the saved state is acceptable.
  }
}

/** Reads what the previous load saved, then clears it so it is restored only once. */
export function restoreAll(storage: Storage = sessionStorage): void {
  const raw = storage.getItem(SAVED_STATE_KEY);
  storage.removeItem(SAVED_STATE_KEY);
  restored = {};
  if (!raw) return;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === "object" && parsed !== null) restored = parsed as Record<string, unknown>;
  } catch {
    // Corrupt entry: start fresh.
  }
}

/** Removes every entry whose key starts with one of `prefixes`. Returns the removed keys (none if storage is disabled). */
export function removeByPrefix(storage: Storage, prefixes: readonly string[]): string[] {
  try {
    const doomed: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key && prefixes.some((prefix) => key.startsWith(prefix))) doomed.push(key);
    }
    for (const key of doomed) storage.removeItem(key);
    return doomed;
  } catch {
    return [];
  }
}

/** Removes cached map entries (see MAP_CACHE_PREFIXES). Returns the removed keys. */
export function purgeMapCache(storage: Storage = localStorage): string[] {
  return removeByPrefix(storage, MAP_CACHE_PREFIXES);
}

/** Call once at start: restore saved screen state, purge the map cache, save again on unload. */
export function startStorage(): () => void {
  restoreAll();
  purgeMapCache();
  const onUnload = () => saveAll();
  window.addEventListener("beforeunload", onUnload);
  return () => window.removeEventListener("beforeunload", onUnload);
}

/** useState whose value survives a reload of the page (saved on unload, restored once). */
export function useSavedState<T>(key: string, initial: T | (() => T)) {
  const [value, setValue] = useState<T>(() => {
    const saved = takeSavedState<T>(key);
    if (saved !== undefined) return saved;
    return typeof initial === "function" ? (initial as () => T)() : initial;
  });
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  useEffect(() => registerSavedState(key, () => latest.current), [key]);
  return [value, setValue] as const;
}
