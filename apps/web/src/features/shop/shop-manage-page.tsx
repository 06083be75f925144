import * as contract from "@sbo/contract/shop";
import { App, Badge, Button, Card, Descriptions, Form, Modal, Space } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ContractForm } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { Thumbnail } from "@/components/thumbnail";
import { currentLanguage } from "@/platform/i18n";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { shopAndOrgQuery, useShopAndOrg, useShopChanged } from "./shop.api";
import type { shopEn } from "./shop.messages.en";
import { profileInput, profileValues, ShopProfileFields, type ShopProfileValues } from "./shop-profile-fields";
import { ShopStatusAction } from "./shop-status-action";

/** Badges (a coloured dot beside normal text) keep the contrast that coloured tags lack. */
export const statusBadge = { opening: "processing", open: "success", closed: "error" } as const;

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => void client.prefetchQuery(shopAndOrgQuery());

/** `paths.shopManage()`: the shop's profile, its organisation, editing, closing and reopening. */
export function Component() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const zh = currentLanguage() === "zh";
  const canEdit = useHolds("shop.manage.edit");
  const canCloseReopen = useHolds("shop.manage.status");
  const seesEnterprise = useHolds("setup.enterprise");
  const seesSettings = useHolds("shop.setting");
  const query = useShopAndOrg();
  const changed = useShopChanged();
  // The edit dialog lives in the URL, so reload and Back keep or close it.
  const [params, setParams] = useSearchParams();
  const editing = params.get("edit") === "1";
  const setEditing = (on: boolean) => setParams(on ? { edit: "1" } : {}, { replace: !on });
  const [form] = Form.useForm<ShopProfileValues>();
  const f = (key: keyof typeof shopEn.fields) => t(`shop.fields.${key}`);
  const when = (at: string | null) => (at ? dayjs(at).format("YYYY-MM-DD HH:mm") : "—");

  return (
    <QueryState query={query} failed={t("shop.manage.loadFailed")}>
      {({ shop, organization }) => (
        <Space orientation="vertical" size={16} style={{ width: "100%" }}>
          <PageHeader
            title={t("shop.manage.title")}
            extra={
              <Space wrap>
                {canEdit ? (
                  <Button type="primary" onClick={() => setEditing(true)}>
                    {t("shop.manage.edit")}
                  </Button>
                ) : null}
                {canCloseReopen && shop.status !== "opening" ? (
                  <ShopStatusAction
                    status={shop.status}
                    // A closed shop refuses the shop's other screens (003301): show why, with the way to reopen.
                    onDone={(next) => (next === "closed" ? void navigate(paths.shopClosed()) : undefined)}
                  />
                ) : null}
              </Space>
            }
          />
          <Card title={<h2 className="card-heading">{t("shop.manage.profile")}</h2>}>
            <Descriptions column={{ xs: 1, md: 2 }} size="small">
              <Descriptions.Item label={f("logo")}>
                {shop.logo ? <Thumbnail file={shop.logo} alt={f("logo")} width={64} height={64} /> : f("none")}
              </Descriptions.Item>
              <Descriptions.Item label={f("status")}>
                <Badge status={statusBadge[shop.status]} text={t(`shop.status.${shop.status}`)} />
              </Descriptions.Item>
              <Descriptions.Item label={f("name")}>{shop.name}</Descriptions.Item>
              <Descriptions.Item label={f("brand")}>{shop.brand}</Descriptions.Item>
              <Descriptions.Item label={f("mainCategory")}>
                {shop.mainCategory ? (zh ? shop.mainCategory.name : shop.mainCategory.nameEn) : f("none")}
              </Descriptions.Item>
              <Descriptions.Item label={f("openedAt")}>{when(shop.openedAt)}</Descriptions.Item>
              <Descriptions.Item label={f("contactName")}>{shop.contactName || f("none")}</Descriptions.Item>
              <Descriptions.Item label={f("contactPhone")}>{shop.contactPhone || f("none")}</Descriptions.Item>
              <Descriptions.Item label={f("servicePhone")}>{shop.servicePhone || f("none")}</Descriptions.Item>
              <Descriptions.Item label={f("address")}>
                {[shop.area ? (zh ? shop.area.name : shop.area.nameEn) : "", shop.address].filter(Boolean).join(" · ") || f("none")}
              </Descriptions.Item>
              <Descriptions.Item label={f("intro")} span={2}>
                {shop.intro || f("none")}
              </Descriptions.Item>
              {shop.status === "closed" ? (
                <>
                  <Descriptions.Item label={f("closedAt")}>{when(shop.closedAt)}</Descriptions.Item>
                  <Descriptions.Item label={f("closedReason")}>{shop.closedReason || f("none")}</Descriptions.Item>
                </>
              ) : null}
            </Descriptions>
          </Card>
          <Card title={<h2 className="card-heading">{t("shop.manage.organization")}</h2>}>
            <Descriptions column={{ xs: 1, md: 2 }} size="small">
              <Descriptions.Item label={t("shop.manage.orgName")}>{organization.name}</Descriptions.Item>
              <Descriptions.Item label={t("shop.manage.creditCode")}>{organization.creditCode || f("none")}</Descriptions.Item>
              <Descriptions.Item label={t("shop.manage.verification")}>
                <Badge
                  status={organization.verificationStatus === "verified" ? "success" : "warning"}
                  text={t(`shop.enterprise.verifications.${organization.verificationStatus}`)}
                />
              </Descriptions.Item>
            </Descriptions>
            <Space wrap>
              {seesEnterprise ? <Link to={paths.enterpriseInfo()}>{t("shop.manage.enterpriseLink")}</Link> : null}
              {seesSettings ? <Link to={paths.shopSetting()}>{t("shop.manage.settingsLink")}</Link> : null}
            </Space>
          </Card>
          <Modal
            open={editing}
            title={t("shop.manage.editTitle")}
            footer={null}
            onCancel={() => setEditing(false)}
            destroyOnHidden
            width={640}
          >
            <ContractForm<typeof contract.shop.updShop, ShopProfileValues>
              entry={contract.shop.updShop}
              form={form}
              initialValues={profileValues(shop)}
              draft={{ key: `shop.profile:${shop.shopId}` }}
              toInput={profileInput}
              onSuccess={async () => {
                await changed();
                setEditing(false);
                void message.success(t("shop.manage.saved"));
              }}
              submitText={t("common.save")}
              onCancel={() => setEditing(false)}
            >
              <ShopProfileFields />
            </ContractForm>
          </Modal>
        </Space>
      )}
    </QueryState>
  );
}
