import { ReloadOutlined } from "@ant-design/icons";
import type { UseQueryResult } from "@tanstack/react-query";
import { Alert, Button, Empty, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/platform/api-client";

/** An unpaged list (ranks, tags): the table with its loading, empty and error (with Retry) states. */
export function QueryTable<Row extends { id: string }>(props: {
  query: UseQueryResult<Row[]>;
  columns: ColumnsType<Row>;
  label: string;
  loadFailed: string;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = props;
  return (
    <>
      {query.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={props.loadFailed}
          description={query.error instanceof ApiError ? query.error.msg : undefined}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t("common.retry")}
            </Button>
          }
        />
      ) : null}
      <Table<Row>
        aria-label={props.label}
        rowKey="id"
        columns={props.columns}
        dataSource={query.data ?? []}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: query.error || query.isPending ? " " : <Empty description={props.empty} /> }}
      />
    </>
  );
}
