import * as contract from "@sbo/contract/finance";
import { type BankCard, type FlowKind, flowKinds } from "@sbo/contract/finance";
import { useQuery } from "@tanstack/react-query";
import { Badge, Button, Card, Col, Descriptions, Drawer, Row, Space, Statistic, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { FilterField } from "@/components/list-filters";
import { firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { LoadFailed } from "@/components/load-failed";
import { PageHeader } from "@/components/page-header";
import { actionsColumn } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { formatCents } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { useBankName } from "./bank-names";
import { accountQuery, amountQuery, cardsQuery, type FlowRow, financeKeys, useAccount, when } from "./finance.api";
import { PaymentRefundList } from "./payment-refund-list";

// Ending the agreement is rare: its drawer (the form pattern and the SMS code) loads when opened.
const EndAgreementDrawer = lazy(() => import("./end-agreement-drawer"));

/** The account's state and the card in use, with the way to bind or change it. */
function AccountCard() {
  const { t } = useTranslation();
  const bankName = useBankName();
  const account = useAccount();
  const mayChange = useHolds("finance.account.bankcard");
  const navigate = useNavigate();
  const [ending, setEnding] = useState(false);
  if (account.isError) return <LoadFailed title={t("finance.account.title")} error={account.error} onRetry={() => account.refetch()} />;
  const card = account.data?.card ?? null;
  return (
    <Card
      title={t("finance.account.title")}
      loading={account.isPending}
      extra={
        mayChange ? (
          <Space wrap>
            <Button type="primary" onClick={() => navigate(paths.replaceBankcard())}>
              {card ? t("finance.account.change") : t("finance.account.bind")}
            </Button>
            {card ? (
              <Button danger onClick={() => setEnding(true)}>
                {t("finance.account.end")}
              </Button>
            ) : null}
          </Space>
        ) : null
      }
    >
      {ending && card ? (
        <Suspense fallback={null}>
          <EndAgreementDrawer card={card} onClose={() => setEnding(false)} />
        </Suspense>
      ) : null}
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={t("finance.account.state")}>
          {account.data?.open ? (
            <Badge status="success" text={t("finance.account.open")} />
          ) : (
            <Badge status="default" text={t("finance.account.closed")} />
          )}
        </Descriptions.Item>
        {card ? (
          <>
            <Descriptions.Item label={t("finance.card.bank")}>{bankName(card.bankName)}</Descriptions.Item>
            <Descriptions.Item label={t("finance.card.number")}>{card.cardNo}</Descriptions.Item>
            <Descriptions.Item label={t("finance.card.holder")}>{card.holderName}</Descriptions.Item>
            <Descriptions.Item label={t("finance.card.signNo")}>{card.signNo}</Descriptions.Item>
            <Descriptions.Item label={t("finance.card.signedAt")}>{when(card.signedAt)}</Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label={t("finance.card.bank")}>{t("finance.account.noCard")}</Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}

function Balance() {
  const { t } = useTranslation();
  const amount = useQuery(amountQuery());
  const items = [
    ["balance", amount.data?.balance],
    ["income", amount.data?.income],
    ["fees", amount.data?.fees],
    ["refunds", amount.data?.refunds],
    ["dueToBuyers", amount.data?.dueToBuyers],
  ] as const;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {items.map(([key, value]) => (
        <Col key={key} xs={12} lg={key === "balance" ? 8 : 4}>
          <Card size="small">
            <Statistic
              title={t(`finance.amount.${key}`)}
              loading={amount.isPending}
              value={value === undefined ? "—" : formatCents(value)}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function CardHistory() {
  const { t } = useTranslation();
  const bankName = useBankName();
  const cards = useQuery(cardsQuery());
  const columns: ColumnsType<BankCard> = [
    { key: "bank", title: t("finance.card.bank"), render: (_, c) => bankName(c.bankName) },
    { key: "number", title: t("finance.card.number"), render: (_, c) => c.cardNo },
    { key: "holder", title: t("finance.card.holder"), render: (_, c) => c.holderName },
    {
      key: "state",
      title: t("finance.card.state"),
      render: (_, c) => <Badge status={c.state === "active" ? "success" : "default"} text={t(`finance.cardState.${c.state}`)} />,
    },
    { key: "signedAt", title: t("finance.card.signedAt"), render: (_, c) => when(c.signedAt) },
    { key: "endedAt", title: t("finance.card.endedAt"), render: (_, c) => when(c.endedAt) },
  ];
  return (
    <Card title={t("finance.cards")} style={{ marginTop: 16 }}>
      {cards.data?.length === 0 ? (
        <Typography.Text>{t("finance.noCards")}</Typography.Text>
      ) : (
        <Table<BankCard>
          rowKey="id"
          size="small"
          pagination={false}
          loading={cards.isPending}
          columns={columns}
          dataSource={cards.data ?? []}
        />
      )}
    </Card>
  );
}

function FlowDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: financeKeys.detail(id),
    queryFn: ({ signal }) => call(contract.finance.selCashFlowDetail, { id }, { notify: false, signal }),
  });
  const d = detail.data;
  return (
    <Drawer open onClose={onClose} title={t("finance.flow.detail")} size="default">
      {detail.isError ? <LoadFailed title={t("finance.flow.detail")} error={detail.error} onRetry={() => detail.refetch()} /> : null}
      {d ? (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t("finance.flow.kind")}>{t(`finance.source.${d.source}`)}</Descriptions.Item>
          <Descriptions.Item label={t("finance.flow.amount")}>
            {d.kind === "debit" ? "-" : "+"}
            {formatCents(d.amount)}
          </Descriptions.Item>
          <Descriptions.Item label={t("finance.flow.gross")}>{formatCents(d.gross)}</Descriptions.Item>
          <Descriptions.Item label={t("finance.flow.fee")}>{formatCents(d.fee)}</Descriptions.Item>
          <Descriptions.Item label={t("finance.flow.order")}>
            <Link to={paths.orderDetail(d.orderId)}>{d.orderNo}</Link>
          </Descriptions.Item>
          {d.afterSaleNo ? <Descriptions.Item label={t("finance.flow.afterSale")}>{d.afterSaleNo}</Descriptions.Item> : null}
          <Descriptions.Item label={t("finance.flow.provider")}>{d.provider ?? "—"}</Descriptions.Item>
          <Descriptions.Item label={t("finance.flow.at")}>{when(d.at)}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Drawer>
  );
}

/** The account, its balance, its cards and the first page of flows, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  void client.prefetchQuery(accountQuery());
  void client.prefetchQuery(amountQuery());
  void client.prefetchQuery(cardsQuery());
  if (search.size === 0)
    void client.prefetchQuery(listPageQuery(contract.finance.selFlowListByPage, financeKeys.lists(), firstPageRequest({})));
};

/**
 * `paths.financeHome()` (`finance.account`): the settlement account — open or not, the card in use (bind or
 * change it), the balance, the cards signed before, the cash flows with each one's detail, and the payments given back
 * to buyers (issue 22).
 */
export function Component() {
  const { t } = useTranslation();
  const [flow, setFlow] = useState<string | null>(null);
  const filters: FilterField[] = [
    {
      kind: "select",
      name: "kind",
      label: t("finance.flow.kind"),
      options: flowKinds.map((value) => ({ value, label: t(`finance.kind.${value}`) })),
    },
    { kind: "dateRange", name: "days", label: t("finance.flow.days"), from: "from", to: "to" },
  ];
  const columns: ColumnsType<FlowRow> = [
    { key: "at", title: t("finance.flow.at"), render: (_, f) => when(f.at) },
    {
      key: "kind",
      title: t("finance.flow.kind"),
      render: (_, f) => <Badge status={f.kind === "credit" ? "success" : "error"} text={t(`finance.source.${f.source}`)} />,
    },
    {
      key: "amount",
      title: t("finance.flow.amount"),
      align: "right",
      render: (_, f) => (
        <Typography.Text type={f.kind === "debit" ? "danger" : "success"}>
          {f.kind === "debit" ? "-" : "+"}
          {formatCents(f.amount)}
        </Typography.Text>
      ),
    },
    { key: "fee", title: t("finance.flow.fee"), align: "right", render: (_, f) => formatCents(f.fee) },
    { key: "order", title: t("finance.flow.order"), render: (_, f) => <Link to={paths.orderDetail(f.orderId)}>{f.orderNo}</Link> },
    ...actionsColumn<FlowRow>({
      title: t("finance.flow.actions"),
      actions: (f) => [
        { key: "detail", label: t("finance.flow.detail"), ariaLabel: `${t("finance.flow.detail")}: ${f.id}`, onClick: () => setFlow(f.id) },
      ],
    }),
  ];
  return (
    <>
      <PageHeader title={t("finance.title")} />
      <AccountCard />
      <Balance />
      <CardHistory />
      <div style={{ marginTop: 16 }}>
        <ListPage<FlowRow>
          variant="section"
          title={t("finance.flows")}
          entry={contract.finance.selFlowListByPage}
          exportEntry={contract.finance.exportFlowList}
          queryKey={financeKeys.lists()}
          filters={filters}
          toFilters={(f) => ({
            kind: flowKinds.find((k): k is FlowKind => k === f.kind),
            from: f.from ? localDay(f.from) : undefined,
            to: f.to ? localDay(f.to) : undefined,
          })}
          columns={columns}
          rowKey="id"
          empty={{ description: t("finance.noFlows") }}
        />
      </div>
      <div style={{ marginTop: 16 }}>
        <PaymentRefundList />
      </div>
      {flow ? <FlowDetail id={flow} onClose={() => setFlow(null)} /> : null}
    </>
  );
}

/** The list turns a date range into instants bounding local days; the call takes the days back. */
function localDay(instant: string): string {
  const d = new Date(instant);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}
