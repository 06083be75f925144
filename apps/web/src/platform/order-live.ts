import { ORDER_EVENTS_PATH, type OrderLiveEvent, orderLiveEvent } from "@sbo/contract/orders-live";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";

/*
 * Live arrival of orders (docs/domains/orders.md "Live arrival, timed jobs, ERP push"): one EventSource per open back
 * office while the member holds `order.manage` (every event) or `order.afterSale` (after-sale applications only).
 * Each event refreshes every order query on screen (the open list, the tab counts, a detail); a new order adds to the
 * menu's badge; new orders, vouchers and reminders chime (WebAudio, no sound file) unless muted (kept in
 * localStorage). EventSource reconnects by itself with Last-Event-ID.
 */

export const ORDER_LIST_PATH = "/transaction/orderManage";
const MUTE_KEY = "sbo:order-sound-muted";
const CHIME: ReadonlySet<OrderLiveEvent["kind"]> = new Set(["created", "voucherUploaded", "reminded", "afterSaleApplied"]);
/** The after-sale list (aftersale feature): a new application badges its menu item until it is opened. */
export const AFTER_SALE_LIST_PATH = "/transaction/orderAfterManage";

let newOrders = 0;
let newAfterSales = 0;
let muted = readMuted();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

function readMuted(): boolean {
  try {
    return typeof localStorage !== "undefined" && localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

/** How many orders arrived since the order list was last opened (the menu's badge). */
export const useNewOrderCount = () =>
  useSyncExternalStore(
    subscribe,
    () => newOrders,
    () => 0,
  );
export function clearNewOrders() {
  if (newOrders === 0) return;
  newOrders = 0;
  emit();
}

/** How many after-sale applications arrived since the after-sale list was last opened (its menu item's badge). */
export const useNewAfterSaleCount = () =>
  useSyncExternalStore(
    subscribe,
    () => newAfterSales,
    () => 0,
  );
export function clearNewAfterSales() {
  if (newAfterSales === 0) return;
  newAfterSales = 0;
  emit();
}

export const useOrderSoundMuted = () =>
  useSyncExternalStore(
    subscribe,
    () => muted,
    () => false,
  );
export function setOrderSoundMuted(value: boolean) {
  muted = value;
  try {
    localStorage.setItem(MUTE_KEY, value ? "1" : "0");
  } catch {
    // Storage disabled: the choice lasts for this page.
  }
  emit();
}

let audio: AudioContext | null = null;
let lastChime = 0;
/** A short two-note chime made with WebAudio (at most one every 2 s: a reconnect may bring several events at once). */
export function playChime() {
  const Ctor = typeof window !== "undefined" ? window.AudioContext : undefined;
  if (!Ctor || Date.now() - lastChime < 2000) return;
  lastChime = Date.now();
  try {
    audio ??= new Ctor();
    void audio.resume();
    const now = audio.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      const start = now + i * 0.16;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.32);
    }
  } catch {
    // No audio device or blocked until the user interacts: the badge still tells.
  }
}

/** What one event does to the page: refresh the order queries, count a new order, chime. */
export function applyOrderEvent(client: QueryClient, event: OrderLiveEvent, seen: Set<number>) {
  // A resumed stream may send an event again (it looks back a short window for late commits).
  if (seen.has(event.id)) return;
  seen.add(event.id);
  if (seen.size > 500) seen.delete(seen.values().next().value as number);
  void client.invalidateQueries({ queryKey: ["orders"] });
  if (event.kind === "created") {
    newOrders += 1;
    emit();
  }
  if (event.kind === "afterSaleApplied") {
    // The after-sale list, its counts and the home's to-do refresh; the menu item counts it.
    void client.invalidateQueries({ queryKey: ["afterSale"] });
    newAfterSales += 1;
    emit();
  }
  if (CHIME.has(event.kind) && !muted) playChime();
}

/** Opens the shop's order event stream while `enabled` (one per page). */
export function useOrderLive(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const seen = new Set<number>();
    const source = new EventSource(ORDER_EVENTS_PATH, { withCredentials: true });
    source.addEventListener("order", (e) => {
      const parsed = orderLiveEvent.safeParse(JSON.parse((e as MessageEvent<string>).data));
      if (parsed.success) applyOrderEvent(client, parsed.data, seen);
    });
    return () => source.close();
  }, [enabled, client]);
}
