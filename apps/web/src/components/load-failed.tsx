import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/platform/api-client";

/** A failed load: what failed, the server's message, and Retry. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="list-error"
      title={title}
      description={error instanceof ApiError ? error.msg : undefined}
      action={
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          {t("common.retry")}
        </Button>
      }
    />
  );
}
