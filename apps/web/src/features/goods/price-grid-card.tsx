import type { Issue } from "@sbo/contract/common";
import { Alert, Button, Card, Space, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { issuesOf, issueText } from "@/components/form";
import { ApiError } from "@/platform/api-client";
import { useWrite } from "@/platform/use-write";
import { goodsKeys } from "./goods.api";

/**
 * The frame and the save of a price grid (member prices, ladder prices): the grid's help, the refusal's sentences each
 * naming its cell ("Gold price for 500 g must be below the SKU's price"), Save and Cancel. Saving with nothing entered
 * says so without calling; a saved grid refreshes the goods' lists and goes back to `backTo`.
 */
export function PriceGridCard(props: {
  title: string;
  help: string;
  /** Whether any cell holds a price (else `nothing` is said and nothing is sent). */
  hasEntries: boolean;
  nothing: string;
  saved: string;
  backTo: string;
  send: () => Promise<unknown>;
  /** Names the cell of a field issue's path in the sent input. */
  cellOf: (path: (string | number)[]) => string | undefined;
  saveDisabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(goodsKeys.all);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setProblems([]);
    if (!props.hasEntries) {
      setProblems([props.nothing]);
      return;
    }
    setSaving(true);
    try {
      await props.send();
      await write.done(props.saved);
      navigate(props.backTo);
    } catch (error) {
      const texts = issuesOf(error).map((issue: Issue) => issueText(issue, props.cellOf));
      setProblems(texts.length ? texts : [error instanceof ApiError ? error.msg : String(error)]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={props.title} className="goods-section">
      <Typography.Paragraph type="secondary">{props.help}</Typography.Paragraph>
      {problems.length ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t("form.failed")}
          description={<span style={{ whiteSpace: "pre-line" }}>{problems.join("\n")}</span>}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {props.children}
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={saving} disabled={props.saveDisabled} onClick={() => void save()}>
          {t("common.save")}
        </Button>
        <Button onClick={() => navigate(props.backTo)}>{t("common.cancel")}</Button>
      </Space>
    </Card>
  );
}
