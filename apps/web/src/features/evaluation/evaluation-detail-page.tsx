import "./evaluation.css";
import { Button, Card, Descriptions, Empty, Image, List, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { Thumbnail } from "@/components/thumbnail";
import { when } from "@/platform/dates";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { type EvalDetail, orderEvaluationQuery, useOrderEvaluation } from "./evaluation.api";
import { ReplyForm, Stars } from "./evaluation-parts";

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, { id }) => {
  if (id) void client.prefetchQuery(orderEvaluationQuery(id));
};

/**
 * `paths.evaluationDetail(orderId)` (`:id` is the order's): one order's evaluation read-only — the
 * shop scores, each line's score, text and images, the buyer's follow-up and the shop's reply, with the reply form
 * while there is none.
 */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const evaluation = useOrderEvaluation(id);
  return (
    <QueryState query={evaluation} failed={t("evaluation.loadFailed")}>
      {(d) => {
        if (d === null)
          return (
            <>
              <PageHeader
                title={t("evaluation.detail.noneTitle")}
                extra={<Button onClick={() => navigate(paths.evaluationList())}>{t("evaluation.detail.back")}</Button>}
              />
              <Card>
                <Empty description={t("evaluation.detail.none")} />
              </Card>
            </>
          );
        return <EvaluationView d={d} />;
      }}
    </QueryState>
  );
}

function Images({ images, alt }: { images: EvalDetail["lines"][number]["images"]; alt: (n: number) => string }) {
  if (images.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space wrap className="evaluation-images">
        {images.map((img, i) => (
          <Thumbnail key={img.id} width={72} height={72} file={img} alt={alt(i + 1)} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

function EvaluationView({ d }: { d: EvalDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayReply = useHolds("order.evaluation");
  return (
    <>
      <PageHeader
        title={t("evaluation.detail.title", { orderNo: d.orderNo })}
        extra={
          <Space wrap>
            <Button onClick={() => navigate(paths.orderDetail(d.orderId))}>{t("evaluation.detail.toOrder")}</Button>
            <Button onClick={() => navigate(paths.evaluationList())}>{t("evaluation.detail.back")}</Button>
          </Space>
        }
      />
      <Card title={t("evaluation.detail.basics")}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t("evaluation.detail.orderNo")}>
            <Link to={paths.orderDetail(d.orderId)}>{d.orderNo}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t("evaluation.detail.buyer")}>{d.buyerName}</Descriptions.Item>
          <Descriptions.Item label={t("evaluation.detail.evaluatedAt")}>{when(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t("evaluation.detail.score")}>
            <Stars score={d.score} />
          </Descriptions.Item>
          <Descriptions.Item label={t("evaluation.detail.description")}>
            <Stars score={d.descriptionScore} />
          </Descriptions.Item>
          <Descriptions.Item label={t("evaluation.detail.service")}>
            <Stars score={d.serviceScore} />
          </Descriptions.Item>
          <Descriptions.Item label={t("evaluation.detail.logistics")}>
            <Stars score={d.logisticsScore} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t("evaluation.detail.lines")} className="evaluation-section">
        <List
          itemLayout="vertical"
          dataSource={d.lines}
          rowKey="id"
          renderItem={(l) => (
            <List.Item>
              <Space orientation="vertical" size={4}>
                <Space wrap>
                  <Typography.Text strong>{l.goodsName}</Typography.Text>
                  {l.specValues.length > 0 ? <Typography.Text type="secondary">{l.specValues.join(" / ")}</Typography.Text> : null}
                  <Stars score={l.score} />
                </Space>
                {l.content ? (
                  <Typography.Paragraph>{l.content}</Typography.Paragraph>
                ) : (
                  <Typography.Text type="secondary">{t("evaluation.detail.noText")}</Typography.Text>
                )}
                <Images images={l.images} alt={(n) => t("evaluation.detail.imageAlt", { n, goods: l.goodsName })} />
              </Space>
            </List.Item>
          )}
        />
      </Card>
      <Card title={t("evaluation.detail.followUp")} className="evaluation-section">
        {d.followUp ? (
          <Space orientation="vertical" size={4}>
            <Typography.Text type="secondary">{when(d.followUp.at)}</Typography.Text>
            <Typography.Paragraph>{d.followUp.content}</Typography.Paragraph>
            <Images images={d.followUp.images} alt={(n) => t("evaluation.detail.followUpImageAlt", { n })} />
          </Space>
        ) : (
          <Typography.Text type="secondary">{t("evaluation.detail.noFollowUp")}</Typography.Text>
        )}
      </Card>
      <Card title={t("evaluation.detail.reply")} className="evaluation-section">
        {d.reply ? (
          <Space orientation="vertical" size={4}>
            <Typography.Text type="secondary">{t("evaluation.detail.repliedAt", { at: when(d.reply.at) })}</Typography.Text>
            <Typography.Paragraph>{d.reply.content}</Typography.Paragraph>
          </Space>
        ) : mayReply ? (
          <ReplyForm target={{ id: d.id, orderNo: d.orderNo }} />
        ) : (
          <Typography.Text type="secondary">{t("evaluation.detail.noReply")}</Typography.Text>
        )}
      </Card>
    </>
  );
}
