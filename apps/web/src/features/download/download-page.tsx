import { DownloadOutlined, QrcodeOutlined } from "@ant-design/icons";
import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/session";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Descriptions, Empty, Flex, Popover, Skeleton, Space, Typography } from "antd";
import dayjs from "dayjs";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { ListPage, listPageQuery } from "@/components/list-page";
import { PageHeader } from "@/components/page-header";
import { PublicPage } from "@/components/public-page";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";
// A public screen with a list: the back office's antd styles (table, filters) load with it.
import "virtual:antd-back-office.css";
import type { Prefetch } from "@/platform/screen-preload";

type Version = OutputOf<typeof contract.session.getHistoryVersion>["list"][number];

const versionKeys = queryKeys("version");
const latestQuery = () =>
  queryOptions({
    queryKey: versionKeys.detail("latest"),
    queryFn: ({ signal }) => call(contract.session.selLatestVersionInfo, {}, { notify: false, signal }),
  });
/** The history's page size (a short list under the latest release). */
const HISTORY_PAGE = 10;
const when = (iso: string) => dayjs(iso).format("YYYY-MM-DD HH:mm");

/** The QR code and its drawing code load with the first release that has a link, not with the page. */
const DownloadQr = lazy(() => import("./download-qr").then((m) => ({ default: m.DownloadQr })));

/** A release's download QR code, its space kept while the drawing code loads. */
function LazyQr(props: { version: string; url: string; size?: number; label?: string; caption?: string }) {
  const size = props.size ?? 160;
  return (
    <Suspense fallback={<div style={{ width: size, height: size + 60 }} />}>
      <DownloadQr {...props} />
    </Suspense>
  );
}

/** A history row's download: the link, and its QR code in a popover. */
function DownloadCell({ version }: { version: Version }) {
  const { t } = useTranslation();
  if (!version.downloadUrl) return <Typography.Text type="secondary">{t("download.noLink")}</Typography.Text>;
  return (
    <Space size={4}>
      <Typography.Link
        href={version.downloadUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t("download.getVersion", { version: version.version })}
      >
        {t("download.get")}
      </Typography.Link>
      <Popover trigger="click" content={<LazyQr version={version.version} url={version.downloadUrl} size={128} />}>
        <Button type="link" size="small" icon={<QrcodeOutlined />} aria-label={t("download.showQr", { version: version.version })}>
          {t("download.qr")}
        </Button>
      </Popover>
    </Space>
  );
}

/**
 * No app to download (no release yet, or this server publishes no link): what the seller can do instead — the back
 * office itself works in a phone's browser, so the code opens it there; the platform's support can say more.
 */
function InsteadOfTheApp() {
  const { t } = useTranslation();
  const here = `${window.location.origin}/`;
  return (
    <Flex gap={24} wrap align="flex-start">
      <Alert
        type="info"
        showIcon
        style={{ flex: "1 1 360px" }}
        title={t("download.notOffered")}
        description={
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            <li>{t("download.insteadBrowser")}</li>
            <li>{t("download.insteadPhone")}</li>
            <li>{t("download.insteadAsk")}</li>
          </ul>
        }
      />
      <LazyQr version="" url={here} label={t("download.openHereLabel", { url: here })} caption={t("download.openHere")} />
    </Flex>
  );
}

function LatestRelease() {
  const { t } = useTranslation();
  const latest = useQuery(latestQuery());
  if (latest.isPending) return <Skeleton active />;
  if (latest.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={latest.error.message}
        action={<Button onClick={() => void latest.refetch()}>{t("common.retry")}</Button>}
      />
    );
  if (!latest.data)
    return (
      <Space orientation="vertical" size={16} style={{ width: "100%" }}>
        <Empty description={t("download.none")} />
        <InsteadOfTheApp />
      </Space>
    );
  const v = latest.data;
  if (!v.downloadUrl) return <InsteadOfTheApp />;
  return (
    <Flex gap={24} wrap align="flex-start">
      <Space orientation="vertical" size={16} style={{ flex: "1 1 360px" }}>
        <Button type="primary" icon={<DownloadOutlined />} href={v.downloadUrl} target="_blank" rel="noopener noreferrer">
          {t("download.getVersion", { version: v.version })}
        </Button>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t("download.version")}>{v.version}</Descriptions.Item>
          <Descriptions.Item label={t("download.releaseTitle")}>{v.title}</Descriptions.Item>
          <Descriptions.Item label={t("download.releasedAt")}>{when(v.releasedAt)}</Descriptions.Item>
          <Descriptions.Item label={t("download.notes")}>
            <Typography.Paragraph style={{ whiteSpace: "pre-line", margin: 0 }}>{v.notes}</Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      </Space>
      <LazyQr version={v.version} url={v.downloadUrl} />
    </Flex>
  );
}

/** The latest release and the history's first page, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  void client.prefetchQuery(latestQuery());
  if (search.size > 0) return;
  void client.prefetchQuery(listPageQuery(contract.session.getHistoryVersion, versionKeys.lists(), { pageNum: 1, pageSize: HISTORY_PAGE }));
};

/** `paths.download()`: the latest release of the app and the release history. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PublicPage wide>
      <Space orientation="vertical" size={16} style={{ width: "100%" }}>
        <PageHeader title={t("download.title")} />
        <Card title={<h2 className="card-heading">{t("download.latest")}</h2>}>
          <LatestRelease />
        </Card>
        <ListPage<Version>
          variant="section"
          title={t("download.history")}
          entry={contract.session.getHistoryVersion}
          queryKey={versionKeys.lists()}
          rowKey="id"
          defaultPageSize={HISTORY_PAGE}
          empty={{ description: t("download.historyEmpty") }}
          columns={[
            { title: t("download.version"), dataIndex: "version" },
            { title: t("download.releaseTitle"), dataIndex: "title" },
            { title: t("download.releasedAt"), dataIndex: "releasedAt", render: (v: string) => when(v) },
            { title: t("download.notes"), dataIndex: "notes", ellipsis: true },
            { title: t("download.download"), key: "download", render: (_: unknown, v: Version) => <DownloadCell version={v} /> },
          ]}
        />
      </Space>
    </PublicPage>
  );
}
