import * as contract from "@sbo/contract/media";
import { type MediaState, mediaStates } from "@sbo/contract/media";
import { App, Badge, Button, Space, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { FilterField } from "@/components/list-filters";
import { activeTab, firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { Thumbnail } from "@/components/thumbnail";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useWrite } from "@/platform/use-write";
import { clock, mediaKeys, megabytes, type VideoRow } from "./media.api";

const TABS = ["all", ...mediaStates] as const;
type Tab = (typeof TABS)[number];
const stateBadge = { pending: "processing", approved: "success", rejected: "error" } as const;

/** A video's review state as a dot and its words, with the reason when rejected. */
export function VideoStateBadge({ row }: { row: Pick<VideoRow, "state" | "rejectReason"> }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={0}>
      <Badge status={stateBadge[row.state as MediaState]} text={t(`media.state.${row.state}`)} />
      {row.rejectReason ? <Typography.Text type="secondary">{t(`media.reason.${row.rejectReason}`)}</Typography.Text> : null}
    </Space>
  );
}

/** The first page with no filter (the first tab), started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size === 0) void client.prefetchQuery(listPageQuery(contract.media.page, mediaKeys.lists(), firstPageRequest({})));
};

/**
 * `paths.videoList()` (`shop.video`): the shop's video library with review tabs, a title filter and, in the
 * fixed column, Edit, Put on / Take off (approved videos) and Delete.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab: Tab = activeTab(params, TABS);
  const write = useWrite(mediaKeys.all);
  const { message } = App.useApp();

  const setOn = async (row: VideoRow, on: boolean) => {
    await call(contract.media.updateStatus, { id: row.id, on });
    void message.success(t(on ? "media.done.on" : "media.done.off"));
    await write.done();
  };
  const remove = async (row: VideoRow) => {
    await call(contract.media.delete, { id: row.id });
    void message.success(t("media.done.deleted"));
    await write.done();
  };

  const filters: FilterField[] = [{ kind: "text", name: "keyword", label: t("media.filters.keyword") }];
  const columns: ColumnsType<VideoRow> = [
    {
      key: "title",
      title: t("media.columns.title"),
      render: (_, row) => (
        <Space>
          {row.cover ? <Thumbnail file={row.cover} alt="" width={48} height={32} preview={false} style={{ objectFit: "cover" }} /> : null}
          <span>{row.title}</span>
        </Space>
      ),
    },
    { key: "duration", title: t("media.columns.duration"), render: (_, row) => clock(row.durationSeconds) ?? "—" },
    { key: "size", title: t("media.columns.size"), align: "right", render: (_, row) => megabytes(row.video.size) },
    { key: "state", title: t("media.columns.state"), render: (_, row) => <VideoStateBadge row={row} /> },
    { key: "on", title: t("media.columns.on"), render: (_, row) => t(row.on ? "media.onOff.on" : "media.onOff.off") },
    { key: "goods", title: t("media.columns.goods"), align: "right", render: (_, row) => row.goodsCount },
    { key: "updatedAt", title: t("media.columns.updatedAt"), render: (_, row) => when(row.updatedAt) },
    ...actionsColumn<VideoRow>({
      title: t("media.columns.actions"),
      actions: (row) => [
        {
          key: "edit",
          label: t("media.actions.edit"),
          ariaLabel: `${t("media.actions.edit")}: ${row.title}`,
          onClick: () => navigate(paths.videoEdit(row.id)),
        },
        row.state === "approved" &&
          !row.on && {
            key: "on",
            label: t("media.actions.putOn"),
            ariaLabel: `${t("media.actions.putOn")}: ${row.title}`,
            onClick: () => setOn(row, true),
          },
        row.state === "approved" &&
          row.on && {
            key: "off",
            label: t("media.actions.takeOff"),
            ariaLabel: `${t("media.actions.takeOff")}: ${row.title}`,
            onClick: () => setOn(row, false),
          },
        {
          key: "delete",
          label: t("media.actions.delete"),
          ariaLabel: `${t("media.actions.delete")}: ${row.title}`,
          danger: true,
          confirm: { title: t("media.confirm.delete", { title: row.title }), description: t("media.confirm.deleteHelp") },
          onClick: () => remove(row),
        },
      ],
    }),
  ];

  return (
    <ListPage<VideoRow>
      title={t("media.title")}
      entry={contract.media.page}
      exportEntry={contract.media.exportPage}
      queryKey={mediaKeys.lists()}
      filters={filters}
      toFilters={(f) => ({ state: mediaStates.find((s) => s === tab), keyword: f.keyword?.trim() || undefined })}
      tabs={{ keys: TABS, label: (key) => t(`media.tabs.${key as Tab}`) }}
      toolbar={
        <Button type="primary" onClick={() => navigate(paths.videoEdit())}>
          {t("media.actions.add")}
        </Button>
      }
      columns={columns}
      rowKey="id"
      empty={{ description: t("media.empty") }}
    />
  );
}
