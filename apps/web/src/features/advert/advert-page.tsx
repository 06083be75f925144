import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { QueryState } from "@/components/query-state";
import type { Prefetch } from "@/platform/screen-preload";
import { advertQuery, advertsQuery, useAdvert } from "./advert.api";
import { AdvertItems } from "./advert-items";
import { AdvertList } from "./advert-list";

function OneAdvert({ id }: { id: string }) {
  const { t } = useTranslation();
  const advert = useAdvert(id);
  return (
    <QueryState query={advert} failed={t("advert.loadFailed")}>
      {(a) => <AdvertItems advert={a} />}
    </QueryState>
  );
}

/** The adverts (`0`) or the advert whose items open, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, { id = "0" }) => {
  if (id === "0") void client.prefetchQuery(advertsQuery());
  else void client.prefetchQuery(advertQuery(id));
};

/** `paths.advertItems(id)`: `0` lists the shop's adverts; an advert's id shows its items. */
export function Component() {
  const id = useParams().id ?? "0";
  return id === "0" ? <AdvertList /> : <OneAdvert id={id} />;
}
