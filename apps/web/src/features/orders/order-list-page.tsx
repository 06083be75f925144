import "./orders.css";
import * as contract from "@sbo/contract/orders";
import { type OrderTab, orderMay, orderNeeds, orderTabs } from "@sbo/contract/orders";
import { orderDesk } from "@sbo/contract/orders-desk";
import { Button, Space, Typography } from "antd";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { ListColumn } from "@/components/column-picker";
import type { FilterField } from "@/components/list-filters";
import { activeTab, firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import { type Prefetch, preloadScreen, preloadScreenWhenIdle } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { BatchShipDialog } from "./batch-ship-dialog";
import { LineExportButton } from "./line-export-button";
import { CancelDialog, FlagLabel, RemarkDialog } from "./order-dialogs";
import { OrderSoundToggle } from "./order-sound-toggle";
import { OrderStatusBadge } from "./order-status";
import { type OrderCounts, type OrderRow, orderKeys } from "./orders.api";
import { printPickListPath, printSlipsPath } from "./print.api";

// Shipping the chosen rows is a dialog few opens need: its code loads when it opens.
const ShipSelectedDialog = lazy(() => import("./ship-selected-dialog").then((m) => ({ default: m.ShipSelectedDialog })));

/** The first page with no filter (the menu's way in): started by the route as the navigation commits, or on hover. */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size > 0) return;
  void client.prefetchQuery(listPageQuery(contract.orders.selOrderListByPage, orderKeys.lists(), firstPageRequest({ tab: orderTabs[0] })));
};

/**
 * `paths.orderList(query)`: the shop's orders with status tabs and their counts, filters (order number, goods or
 * buyer phone; the days placed), and each order's detail, ship, price, cancel, remark, received and delete actions.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab: OrderTab = activeTab(params, orderTabs);
  const mayShip = useHolds("order.manage.ship");
  const mayPrice = useHolds("order.manage.price");
  const mayCancel = useHolds("order.manage.cancel");
  const mayReview = useHolds("order.manage.voucher");
  const write = useWrite(orderKeys.all);
  const toFilters = (f: Record<string, string>) => ({
    tab,
    keyword: f.keyword || undefined,
    from: f.from || undefined,
    to: f.to || undefined,
    need: orderNeeds.find((n) => n === f.need),
  });
  const [cancelling, setCancelling] = useState<OrderRow | null>(null);
  const [remarking, setRemarking] = useState<OrderRow | null>(null);
  const [batchShipping, setBatchShipping] = useState(false);
  const [shipping, setShipping] = useState<{ rows: OrderRow[]; done: () => void } | null>(null);

  const filters: FilterField[] = [
    { kind: "text", name: "keyword", label: t("orders.filters.keyword"), placeholder: t("orders.filters.keywordHelp") },
    { kind: "dateRange", name: "placed", label: t("orders.filters.placed"), from: "from", to: "to" },
    {
      kind: "select",
      name: "need",
      label: t("orders.filters.need"),
      options: orderNeeds.map((value) => ({ value, label: t(`orders.needs.${value}`) })),
    },
  ];
  // The list's answer carries every tab's count beside its rows (one count per list load, none of its own).
  const [counts, setCounts] = useState<{ counts: OrderCounts; atLeast: boolean } | null>(null);
  const [firstId, setFirstId] = useState<string | null>(null);
  const onData = useCallback((data: object) => {
    const d = data as { counts?: OrderCounts; countsAtLeast?: boolean; list?: { id: string }[] };
    setCounts(d.counts ? { counts: d.counts, atLeast: d.countsAtLeast === true } : null);
    setFirstId(d.list?.[0]?.id ?? null);
  }, []);
  // An order's detail is the likeliest next screen: its code loads once the list is shown and the browser idle (the
  // order's own data when its row is pointed at), so opening one does not wait for the detail's chunk to be read.
  useEffect(() => (firstId ? preloadScreenWhenIdle(paths.orderDetail(firstId)) : undefined), [firstId]);

  const columns: ListColumn<OrderRow>[] = [
    {
      key: "order",
      title: t("orders.columns.order"),
      importance: "key",
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={paths.orderDetail(row.id)}>{row.orderNo}</Link>
          {row.flagColor ? <FlagLabel color={row.flagColor} text={t(`orders.flag.${row.flagColor}`)} /> : null}
        </Space>
      ),
    },
    {
      key: "goods",
      title: t("orders.columns.goods"),
      width: 160,
      render: (_, row) =>
        row.firstLine ? (
          <Space orientation="vertical" size={0}>
            <Typography.Text>{row.firstLine.goodsName}</Typography.Text>
            <Typography.Text type="secondary">
              {row.lineCount > 1
                ? t("orders.moreLines", { count: row.lineCount - 1, pieces: t("orders.pieces", { count: row.pieces }) })
                : [row.firstLine.specValues.join(" / "), t("orders.pieces", { count: row.pieces })].filter(Boolean).join(" · ")}
            </Typography.Text>
          </Space>
        ) : null,
    },
    {
      key: "buyer",
      title: t("orders.columns.buyer"),
      importance: "secondary",
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{row.buyerName}</Typography.Text>
          {row.buyerPhone ? <Typography.Text type="secondary">{row.buyerPhone}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      key: "amount",
      title: t("orders.columns.amount"),
      importance: "key",
      width: 120,
      align: "right",
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{formatCents(row.payAmount)}</Typography.Text>
          {row.freightAmount > 0 ? (
            <Typography.Text type="secondary">{t("orders.freightIncluded", { freight: formatCents(row.freightAmount) })}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      key: "status",
      title: t("orders.columns.status"),
      importance: "key",
      width: 110,
      render: (_, row) => <OrderStatusBadge status={row.status} />,
    },
    { key: "placedAt", title: t("orders.columns.placedAt"), importance: "key", render: (_, row) => when(row.createdAt) },
    {
      key: "remark",
      title: t("orders.columns.remark"),
      importance: "secondary",
      render: (_, row) =>
        row.sellerRemark ? <Typography.Text ellipsis={{ tooltip: row.sellerRemark }}>{row.sellerRemark}</Typography.Text> : null,
      width: 160,
    },
    ...actionsColumn<OrderRow>({
      title: t("orders.columns.actions"),
      actions: (row) => [
        {
          key: "detail",
          label: t("orders.actions.detail"),
          ariaLabel: `${t("orders.actions.detail")}: ${row.orderNo}`,
          onClick: () => navigate(paths.orderDetail(row.id)),
        },
        mayShip &&
          orderMay("ship", row.status) && {
            key: "ship",
            label: t("orders.actions.ship"),
            ariaLabel: `${t("orders.actions.ship")}: ${row.orderNo}`,
            onClick: () => navigate(paths.orderShip(row.id)),
          },
        mayPrice &&
          orderMay("revisePrice", row.status) && {
            key: "price",
            label: t("orders.actions.price"),
            ariaLabel: `${t("orders.actions.price")}: ${row.orderNo}`,
            onClick: () => navigate(paths.orderPrice(row.id)),
          },
        mayCancel &&
          orderMay("cancel", row.status) && {
            key: "cancel",
            label: t("orders.actions.cancel"),
            ariaLabel: `${t("orders.actions.cancel")}: ${row.orderNo}`,
            onClick: () => setCancelling(row),
          },
        orderMay("receive", row.status) && {
          key: "received",
          label: t("orders.actions.received"),
          ariaLabel: `${t("orders.actions.received")}: ${row.orderNo}`,
          confirm: { title: t("orders.receivedConfirm", { orderNo: row.orderNo }) },
          onClick: () =>
            write(() => call(contract.orders.orderReceived, { id: row.id }), t("orders.receivedDone", { orderNo: row.orderNo })),
        },
        {
          key: "remark",
          label: t("orders.actions.remark"),
          ariaLabel: `${t("orders.actions.remark")}: ${row.orderNo}`,
          onClick: () => setRemarking(row),
        },
        orderMay("deleteSeller", row.status) && {
          key: "delete",
          label: t("orders.actions.delete"),
          ariaLabel: `${t("orders.actions.delete")}: ${row.orderNo}`,
          danger: true,
          confirm: { title: t("orders.deleteConfirm", { orderNo: row.orderNo }), description: t("orders.deleteHelp") },
          onClick: () => write(() => call(contract.orders.deleteOrderById, { id: row.id }), t("orders.deleted", { orderNo: row.orderNo })),
        },
      ],
    }),
  ];

  return (
    <>
      <ListPage<OrderRow>
        title={t("orders.title")}
        extra={
          <Space>
            {mayReview ? <Button onClick={() => navigate(paths.payVouchers())}>{t("orders.pay.title")}</Button> : null}
            <OrderSoundToggle />
          </Space>
        }
        entry={contract.orders.selOrderListByPage}
        queryKey={orderKeys.lists()}
        filters={filters}
        toFilters={toFilters}
        // The export takes exactly the list's filters (tab, keyword, days placed, need).
        exportEntry={orderDesk.exportOrder}
        exportFileName="orders.xlsx"
        keyset
        onData={onData}
        tabs={{
          keys: orderTabs,
          label: (key) => t(`orders.tabs.${key as OrderTab}`),
          counts: counts?.counts,
          atLeast: counts?.atLeast,
          alert: "toShip",
        }}
        columns={columns}
        rowKey="id"
        onRowHover={(row) => preloadScreen(paths.orderDetail(row.id))}
        toolbar={
          <>
            {mayShip ? <Button onClick={() => setBatchShipping(true)}>{t("fulfil.batch.open")}</Button> : null}
            <LineExportButton filters={toFilters(Object.fromEntries(params))} />
          </>
        }
        batchActions={[
          ...(mayShip
            ? [
                {
                  key: "ship",
                  label: t("fulfil.selected.action"),
                  run: (rows: OrderRow[]) => new Promise<void>((done) => setShipping({ rows, done })),
                },
              ]
            : []),
          // Print pages of the chosen rows (issue 25 §4): the pick list of their goods, a packing slip each.
          {
            key: "pickList",
            label: t("print.pickList"),
            run: (rows: OrderRow[]) => void navigate(printPickListPath(rows.map((r) => r.id))),
          },
          { key: "slips", label: t("print.slips"), run: (rows: OrderRow[]) => void navigate(printSlipsPath(rows.map((r) => r.id))) },
        ]}
        empty={{ description: t("orders.empty") }}
      />
      {batchShipping ? <BatchShipDialog onClose={() => setBatchShipping(false)} /> : null}
      {shipping ? (
        <Suspense fallback={null}>
          <ShipSelectedDialog
            orders={shipping.rows}
            onClose={() => {
              shipping.done();
              setShipping(null);
            }}
          />
        </Suspense>
      ) : null}
      {cancelling ? <CancelDialog order={cancelling} onClose={() => setCancelling(null)} /> : null}
      {remarking ? <RemarkDialog order={remarking} onClose={() => setRemarking(null)} /> : null}
    </>
  );
}
