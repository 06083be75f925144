import { MAX_PAGE_SIZE } from "@sbo/contract/common";
import * as contract from "@sbo/contract/goods";
import { useQuery } from "@tanstack/react-query";
import { Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";
import { formatCents } from "@/platform/money";
import { goodsKeys, type SkuPick } from "./goods.api";
import { skuLabel } from "./goods-values";

/** Search the SKUs a package may hold (published normal items) by name or code; picking one hands it over. */
export function SkuPicker({ onPick, exclude, label }: { onPick: (sku: SkuPick) => void; exclude: readonly string[]; label: string }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState("");
  const found = useQuery({
    queryKey: goodsKeys.list("packageSkus", { keyword }),
    queryFn: ({ signal }) =>
      call(
        contract.goods.selAllowPackageByDefaultShop,
        { pageNum: 1, pageSize: MAX_PAGE_SIZE, keyword: keyword || undefined },
        { notify: false, signal },
      ),
  });
  const options = (found.data?.list ?? [])
    .filter((s) => !exclude.includes(s.skuId))
    .map((s) => ({
      value: s.skuId,
      label: `${t("goods.package.part", { goods: s.goodsName, sku: skuLabel(s.specValues, t("goods.form.singleSku")) })} — ${formatCents(s.price)}`,
    }));
  return (
    <Select
      aria-label={label}
      showSearch
      value={null}
      placeholder={t("goods.package.pickPlaceholder")}
      filterOption={false}
      onSearch={setKeyword}
      loading={found.isFetching}
      options={options}
      onChange={(skuId: string) => {
        const sku = found.data?.list.find((s) => s.skuId === skuId);
        if (sku) onPick(sku);
      }}
      style={{ width: "100%", maxWidth: 520 }}
    />
  );
}
