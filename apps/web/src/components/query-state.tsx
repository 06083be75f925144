import type { UseQueryResult } from "@tanstack/react-query";
import { Button, Result, Spin } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/platform/api-client";

/** A screen's data: a spinner while it loads, the failure with Retry, else the content. */
export function QueryState<T>({ query, failed, children }: { query: UseQueryResult<T>; failed: string; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Spin description={t("common.loading")} style={{ display: "block", padding: 48 }} />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={failed}
        subTitle={query.error instanceof ApiError ? query.error.msg : undefined}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t("common.retry")}
          </Button>
        }
      />
    );
  }
  return <>{children(query.data)}</>;
}
