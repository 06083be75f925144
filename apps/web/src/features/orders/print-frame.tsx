import "./print.css";
import { Alert, Button, Radio, Space } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { paths } from "@/platform/paths";
import { idsOf, type PaperSize, type PrintSet, paperOf, paperSizes, usePrintData } from "./print.api";

/** The sheet sizes as the printer is told them (`@page`): the browser's print dialog starts with it. */
const PAGE_SIZE: Record<PaperSize, string> = { a4: "A4", label: "100mm 150mm" };
const PAGE_MARGIN: Record<PaperSize, string> = { a4: "12mm", label: "4mm" };

/**
 * A print page: on screen, a header with the paper switch (A4 or 100 × 150 mm label, kept in the URL) and the Print
 * button above the sheets as they will print; on paper (`@media print`, print.css), the sheets alone — the shell's
 * menus, this header and the notices are hidden.
 */
export function PrintFrame({ title, children }: { title: string; children: (data: PrintSet, paper: PaperSize) => ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const ids = idsOf(params);
  const paper = paperOf(params);
  const query = usePrintData(ids);
  const missing = query.data ? ids.length - query.data.orders.length : 0;

  return (
    <div className={`print-page print-${paper}`}>
      <style>{`@page { size: ${PAGE_SIZE[paper]}; margin: ${PAGE_MARGIN[paper]}; }`}</style>
      <div className="print-toolbar">
        <PageHeader
          title={title}
          extra={
            <Space wrap>
              <Radio.Group
                aria-label={t("print.size")}
                optionType="button"
                value={paper}
                onChange={(e) =>
                  setParams(
                    (p) => {
                      const next = new URLSearchParams(p);
                      next.set("size", e.target.value as PaperSize);
                      return next;
                    },
                    { replace: true },
                  )
                }
                options={paperSizes.map((s) => ({ value: s, label: t(`print.sizes.${s}`) }))}
              />
              <Button type="primary" disabled={!query.data || query.data.orders.length === 0} onClick={() => window.print()}>
                {t("print.print")}
              </Button>
              <Button onClick={() => navigate(paths.orderList())}>{t("print.back")}</Button>
            </Space>
          }
        />
        {ids.length === 0 ? <Alert type="info" role="status" showIcon title={t("print.noIds")} /> : null}
        {missing > 0 ? <Alert type="warning" showIcon title={t("print.missing", { count: missing })} /> : null}
        {query.data?.phonesMasked ? <Alert type="info" role="status" showIcon title={t("print.phonesMasked")} /> : null}
      </div>
      {ids.length > 0 ? (
        <QueryState query={query} failed={title}>
          {(data) => children(data, paper)}
        </QueryState>
      ) : null}
    </div>
  );
}
