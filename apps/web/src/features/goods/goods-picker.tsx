import * as contract from "@sbo/contract/goods";
import { useQuery } from "@tanstack/react-query";
import { Select } from "antd";
import { useState } from "react";
import { call } from "@/platform/api-client";
import { goodsKeys } from "./goods.api";

/** Search the published goods (normal items) by name or code; picking one hands over its id. */
export function GoodsPicker({
  label,
  placeholder,
  onPick,
  id,
}: {
  label: string;
  placeholder: string;
  onPick: (id: string) => void;
  id?: string;
}) {
  const [keyword, setKeyword] = useState("");
  const found = useQuery({
    queryKey: goodsKeys.list("pickGoods", { keyword }),
    queryFn: ({ signal }) =>
      call(
        contract.goods.selGoodsInfoListByDefaultShop,
        { pageNum: 1, pageSize: 50, keyword: keyword || undefined },
        { notify: false, signal },
      ),
  });
  return (
    <Select
      id={id}
      aria-label={label}
      showSearch
      value={null}
      placeholder={placeholder}
      filterOption={false}
      onSearch={setKeyword}
      loading={found.isFetching}
      options={(found.data?.list ?? [])
        .filter((g) => g.kind === "goods")
        .map((g) => ({ value: g.id, label: g.code ? `${g.name} (${g.code})` : g.name }))}
      onChange={(v: string) => onPick(v)}
      style={{ width: "100%", maxWidth: 520 }}
    />
  );
}
