import type { AddressItem } from "@sbo/contract/address";
import * as addressContract from "@sbo/contract/address";
import { MAX_PAGE_SIZE } from "@sbo/contract/common";
import * as referenceContract from "@sbo/contract/reference";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { call } from "@/platform/api-client";
import type { MapTextKey } from "./map-texts";
import { isLatLng, type LatLng } from "./map-value";
import { provinceCentres } from "./province-centres";

/** A place the search can go to: a province (its capital) or one of the seller's addresses. */
export interface Place {
  key: string;
  kind: "province" | "address";
  label: string;
  at: LatLng;
}

const STALE = 30 * 60_000;

/** Where an address is: its own coordinates, else its province's capital; null when neither is known. */
export function placeOfAddress(a: AddressItem, lang: string): Place | null {
  const own = { lat: a.latitude, lng: a.longitude };
  const at = isLatLng(own) ? own : provinceCentres[a.provinceCode];
  if (!at) return null;
  const area = a.areaPath.map((p) => (lang === "zh" ? p.name : p.nameEn)).join(" ");
  return { key: `address:${a.id}`, kind: "address", label: `${a.contactName} · ${area} ${a.detail}`, at };
}

/**
 * The places of the map's search, loaded when the search box is first focused: the platform's provinces
 * (`reference.selSpecAreaListByPid`, the cache the area picker shares) and the seller's addresses
 * (`address.selAddrListPage`; a member who may not read them just finds provinces).
 */
export function usePlaces() {
  const [active, setActive] = useState(false);
  const provinces = useQuery({
    queryKey: ["reference", "areas", null],
    queryFn: ({ signal }) => call(referenceContract.reference.selSpecAreaListByPid, { pid: null }, { signal, notify: false }),
    staleTime: STALE,
    enabled: active,
  });
  const addresses = useQuery({
    queryKey: ["address", "list", "map-places"],
    queryFn: ({ signal }) =>
      call(addressContract.address.selAddrListPage, { pageNum: 1, pageSize: MAX_PAGE_SIZE }, { signal, notify: false }),
    staleTime: 60_000,
    enabled: active,
    retry: false,
  });

  const all = (lang: string): Place[] => [
    ...(provinces.data ?? []).flatMap((p) => {
      const at = provinceCentres[p.code];
      return at ? [{ key: `province:${p.code}`, kind: "province" as const, label: lang === "zh" ? p.name : p.nameEn, at }] : [];
    }),
    ...(addresses.data?.list ?? []).flatMap((a) => placeOfAddress(a, lang) ?? []),
  ];

  return {
    activate: () => setActive(true),
    byKey: (key: string, lang = "en") => all(lang).find((p) => p.key === key),
    options: (lang: string, tx: (key: MapTextKey) => string) => {
      const places = all(lang);
      const group = (kind: Place["kind"], title: string) => {
        const options = places.filter((p) => p.kind === kind).map((p) => ({ value: p.key, label: p.label }));
        return options.length ? [{ label: title, options }] : [];
      };
      return [...group("province", tx("searchProvinces")), ...group("address", tx("searchAddresses"))];
    },
  };
}
