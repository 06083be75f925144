import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { paths } from "@/platform/paths";

/** An update or detail path opened without `?id=`: say so, and lead back to the list. */
export function MissingId() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={t("goods.missingId")}
      extra={
        <Button type="primary" onClick={() => navigate(paths.goodsList())}>
          {t("goods.title")}
        </Button>
      }
    />
  );
}
