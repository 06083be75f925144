import "./evaluation.css";
import { type EvalTab, evalTabs, evaluation } from "@sbo/contract/evaluation";
import { Card, Col, Row, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { ListColumn } from "@/components/column-picker";
import type { FilterField } from "@/components/list-filters";
import { activeTab, firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { when } from "@/platform/dates";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import {
  type EvalRow,
  evaluationKeys,
  percentOf,
  type ShopScore,
  scoreDistributionQuery,
  shopScoreQuery,
  starsOf,
  useScoreDistribution,
  useShopScore,
} from "./evaluation.api";
import { ReplyDialog, Stars } from "./evaluation-parts";

/** The shop's scores at the top of the list: averages of description, service, logistics and goods, and the good rate. */
export function ScoreSummary({ score, distribution }: { score: ShopScore | undefined; distribution?: readonly number[] }) {
  const { t } = useTranslation();
  const none = t("evaluation.summary.none");
  const items: [string, string | number | null][] = [
    ["evaluations", score?.evaluations ?? null],
    ["description", starsOf(score?.description ?? null)],
    ["service", starsOf(score?.service ?? null)],
    ["logistics", starsOf(score?.logistics ?? null)],
    ["goods", starsOf(score?.goods ?? null)],
    ["goodRate", percentOf(score?.goodRateBp ?? null)],
  ];
  return (
    <Card
      className="evaluation-summary"
      title={t("evaluation.summary.title")}
      extra={<Typography.Text type="secondary">{t("evaluation.summary.help")}</Typography.Text>}
    >
      <Row gutter={[16, 16]}>
        {items.map(([key, value]) => (
          <Col key={key} xs={12} md={8} xl={4}>
            <div className="evaluation-score-title">{t(`evaluation.summary.${key as "goods"}`)}</div>
            <div className="evaluation-score-value">{value ?? none}</div>
          </Col>
        ))}
      </Row>
      {distribution ? (
        <Typography.Paragraph type="secondary" className="evaluation-distribution">
          {t("evaluation.summary.distribution")}{" "}
          {[5, 4, 3, 2, 1].map((s) => t("evaluation.summary.perScore", { score: s, count: distribution[s - 1] ?? 0 })).join(" · ")}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}

const yesNo = (v: string | undefined) => (v === "yes" ? true : v === "no" ? false : undefined);

/** The score card and the first page with no filter (the first tab), started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  void client.prefetchQuery(shopScoreQuery());
  void client.prefetchQuery(scoreDistributionQuery());
  if (search.size > 0) return;
  void client.prefetchQuery(listPageQuery(evaluation.selEvalOrderByPage, evaluationKeys.lists(), firstPageRequest({ tab: evalTabs[0] })));
};

/**
 * `paths.evaluationList()`: the shop's evaluations with the score card on top, tabs (all, to reply, with
 * images, low scores) counted by the shop's aggregate, filters (score, images, reply, order number, days evaluated),
 * and each row's view and reply (a dialog; once per evaluation).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab: EvalTab = activeTab(params, evalTabs);
  const score = useShopScore();
  const distribution = useScoreDistribution();
  const mayReply = useHolds("order.evaluation");
  const [replying, setReplying] = useState<EvalRow | null>(null);

  const filters: FilterField[] = [
    {
      kind: "select",
      name: "score",
      label: t("evaluation.filters.score"),
      options: [5, 4, 3, 2, 1].map((s) => ({ value: String(s), label: t("evaluation.stars", { score: s }) })),
    },
    {
      kind: "select",
      name: "hasImages",
      label: t("evaluation.filters.hasImages"),
      options: [
        { value: "yes", label: t("evaluation.filters.yes") },
        { value: "no", label: t("evaluation.filters.no") },
      ],
    },
    {
      kind: "select",
      name: "replied",
      label: t("evaluation.filters.replied"),
      options: [
        { value: "yes", label: t("evaluation.filters.repliedYes") },
        { value: "no", label: t("evaluation.filters.repliedNo") },
      ],
    },
    { kind: "text", name: "orderNo", label: t("evaluation.filters.orderNo"), placeholder: t("evaluation.filters.orderNoHelp") },
    { kind: "dateRange", name: "evaluated", label: t("evaluation.filters.evaluated"), from: "from", to: "to" },
  ];

  const columns: ListColumn<EvalRow>[] = [
    {
      key: "order",
      title: t("evaluation.columns.order"),
      importance: "key",
      render: (_, r) => <Link to={paths.evaluationDetail(r.orderId)}>{r.orderNo}</Link>,
    },
    {
      key: "goods",
      title: t("evaluation.columns.goods"),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{r.firstLine.goodsName}</Typography.Text>
          {r.lineCount > 1 ? (
            <Typography.Text type="secondary">{t("evaluation.moreLines", { count: r.lineCount - 1 })}</Typography.Text>
          ) : r.firstLine.specValues.length > 0 ? (
            <Typography.Text type="secondary">{r.firstLine.specValues.join(" / ")}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { key: "score", title: t("evaluation.columns.score"), importance: "key", render: (_, r) => <Stars score={r.score} /> },
    {
      key: "shopScores",
      title: t("evaluation.columns.shopScores"),
      importance: "secondary",
      render: (_, r) => `${r.descriptionScore} / ${r.serviceScore} / ${r.logisticsScore}`,
    },
    {
      key: "content",
      title: t("evaluation.columns.content"),
      width: 220,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text ellipsis={{ tooltip: r.firstLine.content }} style={{ maxWidth: 188 }}>
            {r.firstLine.content || "—"}
          </Typography.Text>
          <Space size={4}>
            {r.imageCount > 0 ? <Tag>{t("evaluation.images", { count: r.imageCount })}</Tag> : null}
            {r.followedUp ? <Tag color="blue">{t("evaluation.followedUp")}</Tag> : null}
          </Space>
        </Space>
      ),
    },
    { key: "buyer", title: t("evaluation.columns.buyer"), importance: "secondary", render: (_, r) => r.buyerName },
    { key: "evaluatedAt", title: t("evaluation.columns.evaluatedAt"), importance: "key", render: (_, r) => when(r.createdAt) },
    {
      key: "reply",
      title: t("evaluation.columns.reply"),
      width: 150,
      render: (_, r) =>
        r.reply !== null ? (
          <Typography.Text ellipsis={{ tooltip: r.reply }} style={{ maxWidth: 118 }}>
            {r.reply}
          </Typography.Text>
        ) : (
          <Tag>{t("evaluation.notReplied")}</Tag>
        ),
    },
    ...actionsColumn<EvalRow>({
      title: t("evaluation.columns.actions"),
      actions: (r) => [
        {
          key: "view",
          label: t("evaluation.actions.view"),
          ariaLabel: `${t("evaluation.actions.view")}: ${r.orderNo}`,
          onClick: () => navigate(paths.evaluationDetail(r.orderId)),
        },
        mayReply &&
          r.reply === null && {
            key: "reply",
            label: t("evaluation.actions.reply"),
            ariaLabel: `${t("evaluation.actions.reply")}: ${r.orderNo}`,
            onClick: () => setReplying(r),
          },
      ],
    }),
  ];

  return (
    <>
      <ListPage<EvalRow>
        title={t("evaluation.title")}
        entry={evaluation.selEvalOrderByPage}
        exportEntry={evaluation.exportEvalOrderList}
        queryKey={evaluationKeys.lists()}
        above={<ScoreSummary score={score.data} distribution={distribution.data?.counts} />}
        filters={filters}
        toFilters={(f) => ({
          tab,
          score: f.score ? Number(f.score) : undefined,
          hasImages: yesNo(f.hasImages),
          replied: yesNo(f.replied),
          orderNo: f.orderNo || undefined,
          from: f.from || undefined,
          to: f.to || undefined,
        })}
        tabs={{ keys: evalTabs, label: (key) => t(`evaluation.tabs.${key as EvalTab}`), counts: score.data?.tabs, alert: "toReply" }}
        columns={columns}
        rowKey="id"
        empty={{ description: t("evaluation.empty") }}
      />
      {replying ? <ReplyDialog target={{ id: replying.id, orderNo: replying.orderNo }} onClose={() => setReplying(null)} /> : null}
    </>
  );
}
