import { Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { LoadFailed } from "@/components/load-failed";
import { useAdvert } from "./advert.api";
import { AdvertItems } from "./advert-items";
import { AdvertList } from "./advert-list";

function OneAdvert({ id }: { id: string }) {
  const { t } = useTranslation();
  const advert = useAdvert(id);
  if (advert.error) return <LoadFailed title={t("advert.loadFailed")} error={advert.error} onRetry={() => void advert.refetch()} />;
  if (!advert.data) return <Skeleton active />;
  return <AdvertItems advert={advert.data} />;
}

/** `/transaction/shopAdvertManage/:id`: `0` lists the shop's adverts; an advert's id shows its items. */
export function Component() {
  const id = useParams().id ?? "0";
  return id === "0" ? <AdvertList /> : <OneAdvert id={id} />;
}
