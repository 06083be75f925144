import { useTranslation } from "react-i18next";
import { when } from "@/platform/dates";
import { currentLanguage } from "@/platform/i18n";
import { OrderQr } from "./order-qr";
import { type PaperSize, type PrintOrder, prefetchPrintData } from "./print.api";
import { PrintFrame } from "./print-frame";

/** One order's packing slip (delivery note): one sheet, whatever the paper. */
export function PackingSlip({ order, shopName, paper }: { order: PrintOrder; shopName: string; paper: PaperSize }) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const headingId = `slip-${order.id}`;
  const pieces = order.lines.reduce((n, l) => n + l.quantity, 0);
  const r = order.recipient;
  return (
    <article className="print-sheet slip-sheet" aria-labelledby={headingId} data-testid="slip">
      <header className="slip-head">
        <div>
          <h2 id={headingId}>{t("print.slipPage.heading")}</h2>
          <p className="slip-shop">
            {t("print.slipPage.shop")}: {shopName}
          </p>
          <p className="slip-order-no">
            {t("print.slipPage.orderNo")}: <strong>{order.orderNo}</strong>
          </p>
          <p>
            {t("print.slipPage.placed")}: {when(order.createdAt)}
            {order.paidAt ? ` · ${t("print.slipPage.paid")}: ${when(order.paidAt)}` : ""}
          </p>
        </div>
        <OrderQr value={order.orderNo} label={t("print.slipPage.qr", { orderNo: order.orderNo })} size={paper === "label" ? 80 : 104} />
      </header>
      <dl className="slip-recipient">
        <dt>{t("print.slipPage.recipient")}</dt>
        <dd>
          <strong>{r.name}</strong>
        </dd>
        <dt>{t("print.slipPage.phone")}</dt>
        <dd data-testid="slip-phone">{r.phone}</dd>
        <dt>{t("print.slipPage.address")}</dt>
        <dd>
          {zh ? r.areaName : r.areaNameEn} {r.detail}
        </dd>
      </dl>
      <table className="print-table slip-table">
        <thead>
          <tr>
            <th scope="col">{t("print.slipPage.goods")}</th>
            <th scope="col">{t("print.slipPage.skuCode")}</th>
            <th scope="col" className="num">
              {t("print.slipPage.quantity")}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.lineId}>
              <td>
                {l.goodsName}
                {l.specValues.length > 0 ? <div className="print-spec">{l.specValues.join(" / ")}</div> : null}
              </td>
              <td>{l.skuCode ?? ""}</td>
              <td className="num">{l.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3} className="num">
              {t("print.slipPage.pieces", { count: pieces })}
            </td>
          </tr>
        </tfoot>
      </table>
      <dl className="slip-remarks">
        <dt>{t("print.slipPage.buyerRemark")}</dt>
        <dd>{order.buyerRemark || t("print.slipPage.none")}</dd>
        <dt>{t("print.slipPage.sellerRemark")}</dt>
        <dd>{order.sellerRemark || t("print.slipPage.none")}</dd>
      </dl>
    </article>
  );
}

/** The orders to print, from the URL's ids. */
export const prefetch = prefetchPrintData;

/** `paths.printSlips(query)`: a packing slip per chosen order, one per page. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PrintFrame title={t("print.slipPage.title")}>
      {(data, paper) => (
        <div className="slip-list">
          {data.orders.map((o) => (
            <PackingSlip key={o.id} order={o} shopName={data.shopName} paper={paper} />
          ))}
        </div>
      )}
    </PrintFrame>
  );
}
