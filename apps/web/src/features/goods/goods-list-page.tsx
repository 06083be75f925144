import "./goods.css";
import { ImportOutlined, PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/goods";
import { type GoodsTab, goodsTabs, type ListingType, listingTypes } from "@sbo/contract/goods";
import { App, Badge, Button, Space, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { type Key, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type BulkOutcome, BulkReportDialog } from "@/components/bulk-report";
import type { ListColumn } from "@/components/column-picker";
import type { FilterField } from "@/components/list-filters";
import { activeTab, firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { Thumbnail } from "@/components/thumbnail";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { centsOf, formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import { categoryOptions, useCategoryTree } from "@/platform/reference-data";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type GoodsCounts, type GoodsRow, goodsKeys } from "./goods.api";
import { ImportDialog } from "./import-dialog";
import { useShelfActions } from "./shelf-actions";
import { ShelfUndoBar } from "./shelf-undo-bar";

const statusBadge = { on: "success", off: "default", draft: "warning" } as const;

/** A goods status as a dot and its words (readable at any contrast, like the other lists' statuses). */
export function GoodsStatus({ status }: { status: keyof typeof statusBadge }) {
  const { t } = useTranslation();
  return <Badge status={statusBadge[status]} text={t(`goods.status.${status}`)} />;
}

/** The price column: one price, or the lowest–highest over the SKUs. */
export const priceText = (row: { priceMin: number; priceMax: number }) =>
  row.priceMin === row.priceMax ? formatCents(row.priceMin) : `${formatCents(row.priceMin)} – ${formatCents(row.priceMax)}`;

const whole = (s: string | undefined) => (s && /^\d+$/.test(s.trim()) ? Number(s.trim()) : undefined);
const money = (s: string | undefined) => {
  const c = s ? centsOf(s) : Number.NaN;
  return Number.isNaN(c) ? undefined : c;
};

/** The first page with no filter (the first tab), started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size > 0) return;
  void client.prefetchQuery(
    listPageQuery(contract.goods.selGoodsListByDefaultShop, goodsKeys.lists(), firstPageRequest({ tab: goodsTabs[0] })),
  );
};

/**
 * `paths.goodsList()`: the goods with status tabs and their counts, filters, batch on/off shelf with a
 * 10-minute Undo, import with a dry run, and each item's detail, edit, shelf and delete actions.
 */
export function Component() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab: GoodsTab = activeTab(params, goodsTabs);
  const [counts, setCounts] = useState<GoodsCounts | null>(null);
  const [importing, setImporting] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const canEdit = useHolds("goods.manage.edit");
  const canShelf = useHolds("goods.manage.shelf");
  const write = useWrite(goodsKeys.all);
  const shelfActions = useShelfActions({ edit: canEdit, shelf: canShelf });
  const onData = useCallback((data: object) => setCounts((data as { counts?: GoodsCounts }).counts ?? null), []);

  /** A bulk action's outcome: a toast when every item changed, else the report naming each item left as it was. */
  const report = async (title: string, done: string, result: BulkOutcome["report"]) => {
    await write.done();
    if (result.refused.length === 0) void message.success(done);
    else setOutcome({ title, done, report: { done: result.done, refused: result.refused } });
  };

  const batch = async (direction: "on" | "off", ids: string[]) => {
    const entry = direction === "on" ? contract.goods.batchUpdateStatusOn : contract.goods.batchUpdateStatusOut;
    let result: Awaited<ReturnType<typeof call<typeof entry>>>;
    try {
      result = await call(entry, { ids });
    } catch {
      return; // call() showed the refusal in the Notice dialog.
    }
    await report(t(`goods.batch.${direction}`), t(`goods.shelf.batchDone.${direction}`, { count: result.done.length }), result);
  };

  const deleteChosen = async (ids: string[]) => {
    let result: Awaited<ReturnType<typeof call<typeof contract.goods.delGoodsList>>>;
    try {
      result = await call(contract.goods.delGoodsList, { ids });
    } catch {
      return;
    }
    await report(t("goods.batch.delete"), t("goods.batch.deleted", { count: result.done.length }), result);
  };

  const editPath = (row: GoodsRow) => (row.kind === "package" ? paths.packageEdit(row.id) : paths.goodsUpdate(row.id));
  const detailPath = (row: GoodsRow) => paths.goodsDetail(row.id);

  const columns: ListColumn<GoodsRow>[] = [
    {
      key: "goods",
      title: t("goods.columns.goods"),
      importance: "key",
      width: 220,
      render: (_, row) => (
        <Space align="start">
          {row.mainImage ? (
            <Thumbnail file={row.mainImage} alt={row.name} width={48} height={48} style={{ objectFit: "cover" }} preview={false} />
          ) : (
            <div className="goods-thumb-empty" aria-hidden="true" />
          )}
          <Space orientation="vertical" size={0}>
            <Link to={detailPath(row)}>{row.name}</Link>
            {row.subtitle ? <Typography.Text type="secondary">{row.subtitle}</Typography.Text> : null}
            <Space size={4} wrap>
              {row.kind === "package" ? <Tag color="purple">{t("goods.kind.package")}</Tag> : null}
              {row.listingType !== "goods" ? <Tag color="cyan">{t(`goods.listingType.${row.listingType}`)}</Tag> : null}
              {row.fresh ? <Tag>{t("goods.fresh")}</Tag> : null}
              {row.nearExpiry ? <Tag color="red">{t("goods.nearExpiryTag", { date: row.earliestExpiry ?? "" })}</Tag> : null}
            </Space>
          </Space>
        </Space>
      ),
    },
    { key: "code", title: t("goods.columns.code"), dataIndex: "code", importance: "secondary" },
    {
      key: "category",
      title: t("goods.columns.category"),
      width: 110,
      render: (_, row) => (row.category ? (currentLanguage() === "zh" ? row.category.name : row.category.nameEn) : null),
    },
    { key: "price", title: t("goods.columns.price"), importance: "key", align: "right", render: (_, row) => priceText(row) },
    { key: "stock", title: t("goods.columns.stock"), align: "right", dataIndex: "stock" },
    { key: "sales", title: t("goods.columns.sales"), align: "right", dataIndex: "sales", importance: "secondary" },
    {
      key: "status",
      title: t("goods.columns.status"),
      importance: "key",
      render: (_, row) => <GoodsStatus status={row.status} />,
    },
    {
      key: "updatedAt",
      title: t("goods.columns.updatedAt"),
      importance: "key",
      render: (_, row) => dayjs(row.updatedAt).format("YYYY-MM-DD HH:mm"),
    },
    ...actionsColumn<GoodsRow>({
      title: t("goods.columns.actions"),
      actions: (row) => [
        {
          key: "view",
          label: t("goods.actions.view"),
          ariaLabel: `${t("goods.actions.view")}: ${row.name}`,
          onClick: () => navigate(detailPath(row)),
        },
        ...shelfActions(row, editPath(row)),
      ],
    }),
  ];

  const categories = useCategoryTree(currentLanguage());
  const filters: FilterField[] = [
    { kind: "text", name: "keyword", label: t("goods.filters.keyword"), placeholder: t("goods.filters.keywordHelp") },
    {
      kind: "select",
      name: "listingType",
      label: t("goods.filters.listingType"),
      options: listingTypes.map((type) => ({ value: type, label: t(`goods.listingType.${type}`) })),
    },
    { kind: "select", name: "categoryId", label: t("goods.filters.category"), options: categoryOptions(categories.tree) },
    { kind: "text", name: "priceMin", label: t("goods.filters.priceMin") },
    { kind: "text", name: "priceMax", label: t("goods.filters.priceMax") },
    { kind: "text", name: "stockBelow", label: t("goods.filters.stockBelow") },
    {
      kind: "select",
      name: "fresh",
      label: t("goods.filters.fresh"),
      options: [
        { value: "true", label: t("goods.filters.freshOnly") },
        { value: "false", label: t("goods.filters.notFresh") },
      ],
    },
  ];

  const publish = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.goodsPublish())}>
      {t("goods.publish")}
    </Button>
  ) : null;

  return (
    <>
      <ListPage<GoodsRow>
        title={t("goods.title")}
        entry={contract.goods.selGoodsListByDefaultShop}
        exportEntry={contract.goods.exportGoodsList}
        exportFileName="goods.xlsx"
        queryKey={goodsKeys.lists()}
        filters={filters}
        toFilters={(f) => ({
          tab,
          keyword: f.keyword || undefined,
          listingType: listingTypes.includes(f.listingType as ListingType) ? (f.listingType as ListingType) : undefined,
          categoryId: f.categoryId || undefined,
          priceMin: money(f.priceMin),
          priceMax: money(f.priceMax),
          stockBelow: whole(f.stockBelow),
          fresh: f.fresh === "true" ? true : f.fresh === "false" ? false : undefined,
        })}
        onData={onData}
        above={<ShelfUndoBar />}
        tabs={{ keys: goodsTabs, label: (key) => t(`goods.tabs.${key as GoodsTab}`), counts, alert: "nearExpiry" }}
        columns={columns}
        rowKey="id"
        batchActions={
          canShelf || canEdit
            ? [
                ...(canShelf
                  ? [
                      { key: "on", label: t("goods.batch.on"), run: (_: GoodsRow[], keys: Key[]) => batch("on", keys.map(String)) },
                      {
                        key: "off",
                        label: t("goods.batch.off"),
                        confirm: true,
                        run: (_: GoodsRow[], keys: Key[]) => batch("off", keys.map(String)),
                      },
                    ]
                  : []),
                ...(canEdit
                  ? [
                      {
                        key: "delete",
                        label: t("goods.batch.delete"),
                        danger: true,
                        confirm: true,
                        run: (_: GoodsRow[], keys: Key[]) => deleteChosen(keys.map(String)),
                      },
                    ]
                  : []),
              ]
            : undefined
        }
        toolbar={
          <>
            {publish}
            {canEdit ? (
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                {t("goods.import.open")}
              </Button>
            ) : null}
          </>
        }
        empty={{ description: t("goods.empty"), action: publish }}
      />
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
      <BulkReportDialog outcome={outcome} linkOf={(row) => paths.goodsDetail(row.id)} onClose={() => setOutcome(null)} />
    </>
  );
}
