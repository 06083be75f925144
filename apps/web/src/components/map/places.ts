import type { AddressItem, AddressType } from "@sbo/contract/address";
import * as addressContract from "@sbo/contract/address";
import { MAX_PAGE_SIZE } from "@sbo/contract/common";
import type { OutputOf } from "@sbo/contract/define";
import * as referenceContract from "@sbo/contract/reference";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { call } from "@/platform/api-client";
import type { MapTextKey } from "./map-texts";
import { isLatLng, type LatLng } from "./map-value";
import { provinceCentres } from "./province-centres";

/**
 * A place the search can go to: an area of the platform's list (province, city or district) or one of the seller's
 * own places (its shipping, return and pickup addresses).
 */
export interface Place {
  key: string;
  kind: "area" | "address";
  label: string;
  at: LatLng;
  /** The zoom the map goes to. */
  zoom: number;
}

type FoundArea = OutputOf<typeof referenceContract.reference.selAreaListByParam>[number];

const STALE = 30 * 60_000;
/** Typing settles this long before the areas are asked for. */
export const AREA_SEARCH_DELAY_MS = 250;
const AREA_LIMIT = 30;

const typeWords: Record<AddressType, MapTextKey> = { shipping: "placeShipping", return: "placeReturn", pickup: "placePickup" };

/** Where an address is: its own coordinates, else its province's capital; null when neither is known. */
export function placeOfAddress(a: AddressItem, lang: string, tx: (key: MapTextKey) => string): Place | null {
  const own = { lat: a.latitude, lng: a.longitude };
  const exact = isLatLng(own);
  const at = exact ? own : provinceCentres[a.provinceCode];
  if (!at) return null;
  const area = a.areaPath.map((p) => (lang === "zh" ? p.name : p.nameEn)).join(" ");
  return {
    key: `address:${a.id}`,
    kind: "address",
    label: `${tx(typeWords[a.type])} · ${a.contactName} · ${area} ${a.detail}`,
    at,
    zoom: exact ? 15 : 7,
  };
}

/**
 * Where an area is. The platform's areas carry no coordinates (docs/decisions.md, "Map place search"): an area that
 * holds some of the seller's addresses with coordinates goes to them; any other goes to its province's capital.
 */
export function placeOfArea(area: FoundArea, lang: string, addresses: readonly AddressItem[]): Place | null {
  const label = lang === "zh" ? area.name : area.nameEn;
  const inside = addresses
    .filter((a) => a.areaPath.some((p) => p.code === area.code))
    .map((a) => ({ lat: a.latitude, lng: a.longitude }))
    .filter(isLatLng);
  if (inside.length) {
    const at = {
      lat: inside.reduce((s, p) => s + p.lat, 0) / inside.length,
      lng: inside.reduce((s, p) => s + p.lng, 0) / inside.length,
    };
    return { key: `area:${area.code}`, kind: "area", label, at, zoom: area.level === 1 ? 8 : 12 };
  }
  const province = area.codes[0] ?? area.code;
  const at = provinceCentres[province];
  return at ? { key: `area:${area.code}`, kind: "area", label, at, zoom: 7 } : null;
}

/**
 * The places of the map's search. Areas down to districts are searched by name as the seller types
 * (`reference.selAreaListByParam`: provinces first, in either language); the seller's addresses
 * (`address.selAddrListPage`, loaded when the search box is first focused; a member who may not read them finds
 * areas only) are filtered as typed.
 */
export function usePlaces(text: string) {
  const [active, setActive] = useState(false);
  const [keyword, setKeyword] = useState("");
  useEffect(() => {
    const next = text.trim().slice(0, 20);
    const timer = setTimeout(() => setKeyword(next), AREA_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const areas = useQuery({
    queryKey: ["reference", "areas", "named", keyword],
    queryFn: ({ signal }) =>
      call(referenceContract.reference.selAreaListByParam, { keyword, limit: AREA_LIMIT }, { signal, notify: false }),
    staleTime: STALE,
    enabled: active && keyword.length > 0,
  });
  const addresses = useQuery({
    queryKey: ["address", "list", "map-places"],
    queryFn: ({ signal }) =>
      call(addressContract.address.selAddrListPage, { pageNum: 1, pageSize: MAX_PAGE_SIZE }, { signal, notify: false }),
    staleTime: 60_000,
    enabled: active,
    retry: false,
  });

  const all = (lang: string, tx: (key: MapTextKey) => string): Place[] => {
    const own = addresses.data?.list ?? [];
    const typed = text.trim().toLowerCase();
    const found = keyword && typed.includes(keyword.toLowerCase()) ? (areas.data ?? []) : [];
    return [
      ...found.flatMap((a) => placeOfArea(a, lang, own) ?? []),
      ...own.flatMap((a) => placeOfAddress(a, lang, tx) ?? []).filter((p) => p.label.toLowerCase().includes(typed)),
    ];
  };

  return {
    activate: () => setActive(true),
    /** Whether the areas for what is typed are still being asked for. */
    searching: active && (text.trim() !== keyword || areas.isFetching),
    byKey: (key: string, lang: string, tx: (key: MapTextKey) => string) => all(lang, tx).find((p) => p.key === key),
    options: (lang: string, tx: (key: MapTextKey) => string) => {
      const places = all(lang, tx);
      const group = (kind: Place["kind"], title: string) => {
        const options = places.filter((p) => p.kind === kind).map((p) => ({ value: p.key, label: p.label }));
        return options.length ? [{ label: title, options }] : [];
      };
      return [...group("address", tx("searchAddresses")), ...group("area", tx("searchAreas"))];
    },
  };
}
