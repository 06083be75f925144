import * as contract from "@sbo/contract/session";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Skeleton, Typography } from "antd";
import dayjs from "dayjs";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useParams } from "react-router";
import { PublicPage } from "@/components/public-page";
import { ApiError, call } from "@/platform/api-client";
import { currentLanguage, type Lang } from "@/platform/i18n";
import { paths } from "@/platform/paths";
import { queryKeys } from "@/platform/query-keys";
import type { Prefetch } from "@/platform/screen-preload";

const contentKeys = queryKeys("webContent");

/** A published text in a language. */
const textQuery = (code: string, lang: Lang) =>
  queryOptions({
    queryKey: contentKeys.detail(`${code}:${lang}`),
    queryFn: ({ signal }) => call(contract.session.getWebContentByCode, { code, lang }, { notify: false, signal }),
  });

/** The words for a text's kind; a kind the web does not know reads "Agreement". */
const KINDS = ["user", "privacy"] as const;

/** The text in the current language, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, { code }) => {
  if (code) void client.prefetchQuery(textQuery(code, currentLanguage()));
};

/**
 * `paths.agreement(type, code)`: a published text (user agreement, privacy policy) in the current language. `:type` is
 * the text's kind: the page says it above the title, and a link whose kind is not the text's own is replaced by the
 * right address (one address per text), so a mistyped link still reads the text under its true kind.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { type = "", code = "" } = useParams();
  const lang = currentLanguage();
  const content = useQuery({ ...textQuery(code, lang), enabled: code.length > 0 });

  useEffect(() => {
    if (content.data) document.title = `${content.data.title} - ${t("brand.default")}`;
  }, [content.data, t]);

  if (content.data && content.data.type !== type) return <Navigate replace to={paths.agreement(content.data.type, code)} />;
  const kind = content.data?.type;
  return (
    <PublicPage wide>
      <Card>
        {content.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
        {content.isError ? (
          <Alert
            type="error"
            showIcon
            title={t("agreement.missing")}
            description={content.error instanceof ApiError ? content.error.msg : undefined}
            action={<Button onClick={() => void navigate(-1)}>{t("common.back")}</Button>}
          />
        ) : null}
        {content.data ? (
          <article lang={lang === "zh" ? "zh-CN" : "en"}>
            <Typography.Text type="secondary" className="agreement-kind">
              {KINDS.includes(kind as (typeof KINDS)[number])
                ? t(`agreement.kind.${kind as (typeof KINDS)[number]}`)
                : t("agreement.title")}
            </Typography.Text>
            {/* Most texts open with their own heading; a second one would repeat the title. */}
            {/^\s*<h1[\s>]/i.test(content.data.content) ? null : (
              <Typography.Title level={1} style={{ fontSize: 24 }}>
                {content.data.title}
              </Typography.Title>
            )}
            <Typography.Text type="secondary">
              {t("agreement.updatedAt", { date: dayjs(content.data.updatedAt).format("YYYY-MM-DD") })}
            </Typography.Text>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises this HTML when it is saved (rich text is sanitised on the server) */}
            <div className="agreement-content" dangerouslySetInnerHTML={{ __html: content.data.content }} />
          </article>
        ) : null}
      </Card>
    </PublicPage>
  );
}
