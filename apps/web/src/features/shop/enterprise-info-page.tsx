import { Badge, Button, Card, Descriptions, Space } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { Thumbnail } from "@/components/thumbnail";
import { currentLanguage } from "@/platform/i18n";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { enterpriseQuery, useEnterprise } from "./enterprise.api";
import type { shopEn } from "./shop.messages.en";

export const ENTERPRISE_EDIT = paths.enterpriseEdit();

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => void client.prefetchQuery(enterpriseQuery());

/** `paths.enterpriseInfo()`: the organisation's enterprise information; the ID number as the server answers it, masked. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const zh = currentLanguage() === "zh";
  const canEdit = useHolds("setup.enterprise.edit");
  const query = useEnterprise();
  const e = (key: Exclude<keyof typeof shopEn.enterprise, "verifications">) => t(`shop.enterprise.${key}`);
  const text = (v: string) => v || t("shop.fields.none");

  return (
    <QueryState query={query} failed={t("shop.manage.loadFailed")}>
      {(info) => {
        const image = (file: typeof info.licence, label: string) =>
          file ? <Thumbnail file={file} alt={label} width={120} /> : e("notUploaded");
        return (
          <Space orientation="vertical" size={16} style={{ width: "100%" }}>
            <PageHeader
              title={e("title")}
              extra={
                canEdit ? (
                  <Button type="primary" onClick={() => void navigate(ENTERPRISE_EDIT)}>
                    {e("edit")}
                  </Button>
                ) : null
              }
            />
            <Card title={<h2 className="card-heading">{e("identity")}</h2>}>
              <Descriptions column={{ xs: 1, md: 2 }} size="small">
                <Descriptions.Item label={e("name")}>{info.name}</Descriptions.Item>
                <Descriptions.Item label={e("shortName")}>{text(info.shortName)}</Descriptions.Item>
                <Descriptions.Item label={e("creditCode")}>{text(info.creditCode)}</Descriptions.Item>
                <Descriptions.Item label={e("verification")}>
                  <Space size={8} wrap>
                    <Badge
                      status={info.verificationStatus === "verified" ? "success" : "warning"}
                      text={t(`shop.enterprise.verifications.${info.verificationStatus}`)}
                    />
                    {info.verifiedAt ? <time dateTime={info.verifiedAt}>{dayjs(info.verifiedAt).format("YYYY-MM-DD HH:mm")}</time> : null}
                  </Space>
                </Descriptions.Item>
                <Descriptions.Item label={e("legalPersonName")}>{text(info.legalPersonName)}</Descriptions.Item>
                <Descriptions.Item label={e("legalPersonIdNo")}>{text(info.legalPersonIdNo)}</Descriptions.Item>
              </Descriptions>
            </Card>
            <Card title={<h2 className="card-heading">{e("contact")}</h2>}>
              <Descriptions column={{ xs: 1, md: 2 }} size="small">
                <Descriptions.Item label={e("area")}>
                  {info.area ? (zh ? info.area.name : info.area.nameEn) : t("shop.fields.none")}
                </Descriptions.Item>
                <Descriptions.Item label={e("address")}>{text(info.address)}</Descriptions.Item>
                <Descriptions.Item label={e("industry")}>{text(info.industry)}</Descriptions.Item>
                <Descriptions.Item label={e("contactName")}>{text(info.contactName)}</Descriptions.Item>
                <Descriptions.Item label={e("contactPhone")}>{text(info.contactPhone)}</Descriptions.Item>
                <Descriptions.Item label={e("contactEmail")}>{text(info.contactEmail)}</Descriptions.Item>
                <Descriptions.Item label={e("intro")} span={2}>
                  {text(info.intro)}
                </Descriptions.Item>
              </Descriptions>
            </Card>
            <Card title={<h2 className="card-heading">{e("documents")}</h2>}>
              <Descriptions column={{ xs: 1, md: 3 }} size="small">
                <Descriptions.Item label={e("licence")}>{image(info.licence, e("licence"))}</Descriptions.Item>
                <Descriptions.Item label={e("idFront")}>{image(info.idFront, e("idFront"))}</Descriptions.Item>
                <Descriptions.Item label={e("idBack")}>{image(info.idBack, e("idBack"))}</Descriptions.Item>
              </Descriptions>
            </Card>
          </Space>
        );
      }}
    </QueryState>
  );
}
