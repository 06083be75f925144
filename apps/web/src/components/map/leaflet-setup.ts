import L from "leaflet";

/*
 * Leaflet's plugins (geoman, the overview map) are scripts that extend the global `L`.
 * Leaflet's own build sets it too; this makes it explicit, and this module is imported before them.
 */
(globalThis as unknown as { L: typeof L }).L = L;

export default L;
