import type { LatLng } from "./map-value";

/**
 * Where the map goes for an area found by the place search: its province's capital. The platform's areas
 * (`reference.selAreaListByParam`) have names and codes but no coordinates, so the map carries the 34
 * provincial-level capitals itself (GB/T 2260 codes); an address without coordinates goes to its province.
 */
export const provinceCentres: Record<string, LatLng> = {
  "110000": { lat: 39.904, lng: 116.407 },
  "120000": { lat: 39.125, lng: 117.19 },
  "130000": { lat: 38.042, lng: 114.515 },
  "140000": { lat: 37.87, lng: 112.549 },
  "150000": { lat: 40.842, lng: 111.749 },
  "210000": { lat: 41.805, lng: 123.431 },
  "220000": { lat: 43.817, lng: 125.324 },
  "230000": { lat: 45.803, lng: 126.535 },
  "310000": { lat: 31.23, lng: 121.474 },
  "320000": { lat: 32.06, lng: 118.797 },
  "330000": { lat: 30.274, lng: 120.155 },
  "340000": { lat: 31.821, lng: 117.227 },
  "350000": { lat: 26.074, lng: 119.296 },
  "360000": { lat: 28.682, lng: 115.858 },
  "370000": { lat: 36.651, lng: 117.12 },
  "410000": { lat: 34.746, lng: 113.625 },
  "420000": { lat: 30.593, lng: 114.305 },
  "430000": { lat: 28.228, lng: 112.939 },
  "440000": { lat: 23.129, lng: 113.264 },
  "450000": { lat: 22.817, lng: 108.366 },
  "460000": { lat: 20.044, lng: 110.199 },
  "500000": { lat: 29.563, lng: 106.551 },
  "510000": { lat: 30.572, lng: 104.066 },
  "520000": { lat: 26.647, lng: 106.63 },
  "530000": { lat: 24.88, lng: 102.833 },
  "540000": { lat: 29.652, lng: 91.172 },
  "610000": { lat: 34.341, lng: 108.94 },
  "620000": { lat: 36.061, lng: 103.834 },
  "630000": { lat: 36.617, lng: 101.778 },
  "640000": { lat: 38.487, lng: 106.231 },
  "650000": { lat: 43.825, lng: 87.617 },
  "710000": { lat: 25.033, lng: 121.565 },
  "810000": { lat: 22.32, lng: 114.169 },
  "820000": { lat: 22.199, lng: 113.544 },
};

/** The whole country, when there is nothing to show yet. */
export const COUNTRY_VIEW = { centre: { lat: 35, lng: 105 }, zoom: 4 } as const;
