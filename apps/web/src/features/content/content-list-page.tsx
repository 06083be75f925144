import { PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/content";
import { Badge, Button, Typography } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { fetchedPageQuery, firstPageRequest, ListPage } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { type ContentRow, contentPagesKey, fetchContentPages } from "./content.api";

/** The first page with no filter, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size === 0) void client.prefetchQuery(fetchedPageQuery(fetchContentPages, contentPagesKey, firstPageRequest({})));
};

/** `paths.contentList()` (and `paths.contentListAlias()`): the shop's custom content pages, most recently saved first. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useHolds("shop.cms.edit");
  const addButton = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.contentEdit())}>
      {t("content.add")}
    </Button>
  ) : null;
  return (
    <ListPage<ContentRow>
      title={t("content.title")}
      above={<Typography.Paragraph type="secondary">{t("content.limit", { max: contract.MAX_CONTENT_PAGES })}</Typography.Paragraph>}
      fetch={fetchContentPages}
      queryKey={contentPagesKey}
      filters={[
        { kind: "text", name: "keyword", label: t("content.fields.keyword") },
        {
          kind: "select",
          name: "published",
          label: t("content.fields.published"),
          options: [
            { value: "yes", label: t("content.publishedFilter.yes") },
            { value: "no", label: t("content.publishedFilter.no") },
          ],
        },
      ]}
      rowKey="id"
      toolbar={addButton}
      empty={{ description: t("content.empty"), action: addButton }}
      columns={[
        {
          title: t("content.fields.title"),
          key: "title",
          render: (_, r) => <Link to={paths.contentEdit(r.id)}>{r.title}</Link>,
        },
        { title: t("content.fields.code"), dataIndex: "code" },
        {
          title: t("content.fields.published"),
          key: "published",
          render: (_, r) => (
            <Badge status={r.published ? "success" : "default"} text={r.published ? t("content.published") : t("content.unpublished")} />
          ),
        },
        { title: t("content.fields.length"), key: "length", align: "right", render: (_, r) => t("content.chars", { count: r.textLength }) },
        { title: t("content.fields.updatedAt"), key: "updatedAt", render: (_, r) => dayjs(r.updatedAt).format("YYYY-MM-DD HH:mm") },
        ...actionsColumn<ContentRow>({
          title: t("content.fields.actions"),
          show: canEdit,
          actions: (r) => [
            {
              key: "edit",
              label: t("content.edit"),
              ariaLabel: `${t("content.edit")}: ${r.title}`,
              onClick: () => navigate(paths.contentEdit(r.id)),
            },
          ],
        }),
      ]}
    />
  );
}
