import * as live from "@sbo/contract/orders-live";
import { type PushItem, pushStatuses } from "@sbo/contract/orders-live";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Badge, Button, Card, Form, Input, Modal, Space, Switch, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ContractForm } from "@/components/form";
import type { FilterField } from "@/components/list-filters";
import { firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { useKeptSearch } from "@/platform/kept-search";
import { paths } from "@/platform/paths";
import { queryKeys } from "@/platform/query-keys";
import type { Prefetch } from "@/platform/screen-preload";
import { useWrite } from "@/platform/use-write";

const pushKeys = queryKeys("orderPush");
const statusBadge = { pending: "processing", succeeded: "success", failed: "error" } as const;

/** The webhook and the first page with no filter (no search kept from an earlier visit), started by the route's loader. */
export const prefetch: Prefetch = (client, _params, search) => {
  void client.prefetchQuery(webhookQuery());
  if (search.size > 0) return;
  void client.prefetchQuery(listPageQuery(live.ordersLive.selPushListByPage, pushKeys.lists(), firstPageRequest({})));
};

/**
 * `paths.pushSaleOrders()` (`order.push`): the sale orders pushed to the seller's ERP webhook — status,
 * attempts, the last error, retry — and the webhook itself. Kept alive: its filters and page come back when revisited.
 */
export function Component() {
  const { t } = useTranslation();
  const write = useWrite(pushKeys.all);
  const ready = useKeptSearch();
  const [editing, setEditing] = useState(false);

  const filters: FilterField[] = [
    {
      kind: "select",
      name: "status",
      label: t("orders.push.filters.status"),
      options: pushStatuses.map((s) => ({ value: s, label: t(`orders.push.status.${s}`) })),
    },
    { kind: "text", name: "orderNo", label: t("orders.push.filters.orderNo"), placeholder: t("orders.push.filters.orderNoHelp") },
  ];

  const errorText = (row: PushItem) => {
    if (!row.lastErrorKind) return null;
    if (row.lastErrorKind === "http")
      return row.lastStatusCode ? t("orders.push.error.http", { code: row.lastStatusCode }) : t("orders.push.error.httpNoCode");
    return t(`orders.push.error.${row.lastErrorKind}`);
  };

  const retry = async (row: PushItem) => {
    if (await write(() => call(live.ordersLive.retry, { id: row.id }), t("orders.push.retried", { orderNo: row.orderNo })))
      // The push is attempted right after the call answers: look again in a moment.
      setTimeout(() => void write.done(), 1500);
  };

  const columns: ColumnsType<PushItem> = [
    {
      key: "order",
      title: t("orders.push.columns.order"),
      render: (_, row) => <Link to={paths.orderDetail(row.orderId)}>{row.orderNo}</Link>,
    },
    {
      key: "status",
      title: t("orders.push.columns.status"),
      render: (_, row) => <Badge status={statusBadge[row.status]} text={t(`orders.push.status.${row.status}`)} />,
    },
    { key: "attempts", title: t("orders.push.columns.attempts"), align: "right", render: (_, row) => row.attempts },
    {
      key: "error",
      title: t("orders.push.columns.error"),
      width: 240,
      render: (_, row) =>
        row.lastErrorKind ? (
          <Space orientation="vertical" size={0}>
            <Typography.Text type="danger">{errorText(row)}</Typography.Text>
            {row.lastError ? (
              <Typography.Text type="secondary" ellipsis={{ tooltip: row.lastError }} style={{ maxWidth: 220 }}>
                {row.lastError}
              </Typography.Text>
            ) : null}
          </Space>
        ) : null,
    },
    { key: "lastAttempt", title: t("orders.push.columns.lastAttempt"), render: (_, row) => when(row.lastAttemptAt) },
    { key: "next", title: t("orders.push.columns.next"), render: (_, row) => when(row.nextAttemptAt) },
    { key: "pushedAt", title: t("orders.push.columns.pushedAt"), render: (_, row) => when(row.pushedAt) },
    ...actionsColumn<PushItem>({
      title: t("orders.push.columns.actions"),
      actions: (row) => [
        row.status !== "succeeded" && {
          key: "retry",
          label: t("orders.push.retry"),
          ariaLabel: `${t("orders.push.retry")}: ${row.orderNo}`,
          onClick: () => retry(row),
        },
      ],
    }),
  ];

  if (!ready) return null;
  return (
    <>
      <ListPage<PushItem>
        title={t("orders.push.title")}
        entry={live.ordersLive.selPushListByPage}
        exportEntry={live.ordersLive.exportPushList}
        queryKey={pushKeys.lists()}
        filters={filters}
        toFilters={(f) => ({ status: f.status || undefined, orderNo: f.orderNo?.trim() || undefined })}
        above={<WebhookCard onEdit={() => setEditing(true)} />}
        columns={columns}
        rowKey="id"
        empty={{ description: t("orders.push.empty") }}
      />
      {editing ? <WebhookDialog onClose={() => setEditing(false)} /> : null}
    </>
  );
}

const webhookQuery = () =>
  queryOptions({
    queryKey: pushKeys.detail("webhook"),
    queryFn: ({ signal }) => call(live.ordersLive.selPushSetting, {}, { notify: false, signal }),
  });
const useWebhook = () => useQuery(webhookQuery());

function WebhookCard({ onEdit }: { onEdit: () => void }) {
  const { t } = useTranslation();
  const hook = useWebhook();
  const d = hook.data;
  const text = !d
    ? null
    : !d.url
      ? t("orders.push.webhook.none")
      : d.enabled
        ? t("orders.push.webhook.on", { url: d.url })
        : t("orders.push.webhook.off", { url: d.url });
  return (
    <Card
      size="small"
      title={t("orders.push.webhook.title")}
      extra={<Button onClick={onEdit}>{t("orders.push.webhook.edit")}</Button>}
      style={{ marginBottom: 16 }}
    >
      <Typography.Text>{text}</Typography.Text>
    </Card>
  );
}

type WebhookValues = { url: string; enabled: boolean; secret?: string };

function WebhookDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const write = useWrite(pushKeys.all);
  const hook = useWebhook();
  const [form] = Form.useForm<WebhookValues>();
  if (!hook.data) return null;
  const hasSecret = hook.data.hasSecret;
  return (
    <Modal open title={t("orders.push.webhook.title")} footer={null} onCancel={onClose} destroyOnHidden>
      <ContractForm<typeof live.ordersLive.savePushSetting, WebhookValues>
        name="push-webhook"
        entry={live.ordersLive.savePushSetting}
        form={form}
        layout="vertical"
        initialValues={{ url: hook.data.url ?? "", enabled: hook.data.url ? hook.data.enabled : true, secret: "" }}
        toInput={(v) => ({ url: v.url.trim(), enabled: v.enabled, secret: v.secret ? v.secret : undefined })}
        submitText={t("orders.push.webhook.save")}
        onSuccess={async () => {
          await write.done(t("orders.push.webhook.saved"));
          onClose();
        }}
      >
        <Form.Item
          name="url"
          label={t("orders.push.webhook.url")}
          extra={t("orders.push.webhook.urlHelp")}
          rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("orders.push.webhook.url") }) }]}
        >
          <TextInput maxLength={500} placeholder="https://" />
        </Form.Item>
        <Form.Item name="enabled" label={t("orders.push.webhook.enabled")} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="secret"
          label={t("orders.push.webhook.secret")}
          extra={`${t("orders.push.webhook.secretHelp")}${hasSecret ? ` ${t("orders.push.webhook.secretKeep")}` : ""}`}
          rules={hasSecret ? [] : [{ required: true, message: t("form.required", { field: t("orders.push.webhook.secret") }) }]}
        >
          <Input.Password maxLength={128} autoComplete="new-password" />
        </Form.Item>
      </ContractForm>
    </Modal>
  );
}
