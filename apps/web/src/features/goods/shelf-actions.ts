import type { GoodsStatus } from "@sbo/contract/goods";
import * as contract from "@sbo/contract/goods";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { MaybeAction } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { useWrite } from "@/platform/use-write";
import { goodsKeys } from "./goods.api";

/**
 * A goods item's or a package's row actions (the goods list and the package list): edit, put on or take off shelf, and
 * delete when not on shelf, each shown only to a member who may do it; a done change refreshes the goods' lists.
 */
export function useShelfActions(can: { edit: boolean; shelf: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(goodsKeys.all);
  return (row: { id: string; name: string; status: GoodsStatus }, editPath: string): MaybeAction[] => [
    can.edit && {
      key: "edit",
      label: t("goods.actions.edit"),
      ariaLabel: `${t("goods.actions.edit")}: ${row.name}`,
      onClick: () => navigate(editPath),
    },
    can.shelf &&
      row.status !== "on" && {
        key: "on",
        label: t("goods.actions.on"),
        ariaLabel: `${t("goods.actions.on")}: ${row.name}`,
        onClick: () => write(() => call(contract.goods.updStatusOn, { id: row.id }), t("goods.shelf.onDone", { name: row.name })),
      },
    can.shelf &&
      row.status === "on" && {
        key: "off",
        label: t("goods.actions.off"),
        ariaLabel: `${t("goods.actions.off")}: ${row.name}`,
        confirm: { title: t("goods.shelf.confirmOff", { name: row.name }) },
        onClick: () => write(() => call(contract.goods.updStatusOut, { id: row.id }), t("goods.shelf.offDone", { name: row.name })),
      },
    can.edit &&
      row.status !== "on" && {
        key: "delete",
        label: t("goods.actions.delete"),
        ariaLabel: `${t("goods.actions.delete")}: ${row.name}`,
        danger: true,
        confirm: { title: t("goods.confirmDelete", { name: row.name }), description: t("goods.confirmDeleteHelp") },
        onClick: () => write(() => call(contract.goods.delGoods, { id: row.id }), t("goods.deleted", { name: row.name })),
      },
  ];
}
