import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/session";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Space, Typography } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { ListPage } from "@/components/list-page";
import { PageHeader } from "@/components/page-header";
import { PublicPage } from "@/components/public-page";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

type Version = OutputOf<typeof contract.session.getHistoryVersion>["list"][number];

const versionKeys = queryKeys("version");
const when = (iso: string) => dayjs(iso).format("YYYY-MM-DD HH:mm");

function LatestRelease() {
  const { t } = useTranslation();
  const latest = useQuery({
    queryKey: versionKeys.detail("latest"),
    queryFn: ({ signal }) => call(contract.session.selLatestVersionInfo, {}, { notify: false, signal }),
  });
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
  if (!latest.data) return <Empty description={t("download.none")} />;
  const v = latest.data;
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label={t("download.version")}>{v.version}</Descriptions.Item>
      <Descriptions.Item label={t("download.releaseTitle")}>{v.title}</Descriptions.Item>
      <Descriptions.Item label={t("download.releasedAt")}>{when(v.releasedAt)}</Descriptions.Item>
      <Descriptions.Item label={t("download.notes")}>
        <Typography.Paragraph style={{ whiteSpace: "pre-line", margin: 0 }}>{v.notes}</Typography.Paragraph>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** `/download`: the latest release of the app and the release history. */
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
          defaultPageSize={10}
          empty={{ description: t("download.historyEmpty") }}
          columns={[
            { title: t("download.version"), dataIndex: "version" },
            { title: t("download.releaseTitle"), dataIndex: "title" },
            { title: t("download.releasedAt"), dataIndex: "releasedAt", render: (v: string) => when(v) },
            { title: t("download.notes"), dataIndex: "notes", ellipsis: true },
          ]}
        />
      </Space>
    </PublicPage>
  );
}
