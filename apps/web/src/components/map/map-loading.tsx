import { useTranslation } from "react-i18next";

/**
 * The map tiles' URL template the server hands out (`MAP_TILE_URL`, in `<meta name="map-tile-url">` of the
 * index.html it serves, like the sign-token); empty (none configured, or the dev server): a plain background.
 */
export function mapTileUrl(): string {
  return document.querySelector('meta[name="map-tile-url"]')?.getAttribute("content") ?? "";
}

export function MapLoading({ height }: { height: number }) {
  const { t } = useTranslation();
  return (
    <div className="map-loading" style={{ height }} aria-busy="true">
      {t("common.loading")}
    </div>
  );
}
