import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { GOODS_LIST } from "./goods.api";

/** An update or detail path opened without `?id=`: say so, and lead back to the list. */
export function MissingId() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={t("goods.missingId")}
      extra={
        <Button type="primary" onClick={() => navigate(GOODS_LIST)}>
          {t("goods.title")}
        </Button>
      }
    />
  );
}
