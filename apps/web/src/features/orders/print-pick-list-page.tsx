import { useTranslation } from "react-i18next";
import { when } from "@/platform/dates";
import { type PickRow, type PrintSet, pickListOf, prefetchPrintData } from "./print.api";
import { PrintFrame } from "./print-frame";

/** The pick list's table: one row per SKU and batch, summed over the orders, in walking order. */
export function PickList({ data, printedAt }: { data: PrintSet; printedAt: string }) {
  const { t } = useTranslation();
  const rows: PickRow[] = pickListOf(data.orders);
  const pieces = rows.reduce((n, r) => n + r.quantity, 0);
  return (
    <article className="print-sheet pick-sheet" aria-labelledby="pick-heading">
      <header className="print-sheet-head">
        <h2 id="pick-heading">
          {t("print.pick.heading", {
            orders: t("print.pick.summary", { count: data.orders.length }),
            pieces: t("print.pick.pieces", { count: pieces }),
          })}
        </h2>
        <p>
          {data.shopName} · {t("print.pick.printedAt", { at: printedAt })}
        </p>
      </header>
      <table className="print-table pick-table">
        <thead>
          <tr>
            <th scope="col">{t("print.pick.location")}</th>
            <th scope="col">{t("print.pick.goods")}</th>
            <th scope="col">{t("print.pick.skuCode")}</th>
            <th scope="col">{t("print.pick.batch")}</th>
            <th scope="col" className="num">
              {t("print.pick.quantity")}
            </th>
            <th scope="col" className="num">
              {t("print.pick.orders")}
            </th>
            <th scope="col">{t("print.pick.picked")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-testid="pick-row">
              <td>{r.storageLocation ?? ""}</td>
              <td>
                <strong>{r.goodsName}</strong>
                {r.specValues.length > 0 ? <div className="print-spec">{r.specValues.join(" / ")}</div> : null}
              </td>
              <td>{r.skuCode ?? ""}</td>
              <td>
                {r.batchNo ? (
                  <>
                    {r.batchNo}
                    {r.expiresOn ? <div className="print-spec">{t("print.pick.expires", { day: r.expiresOn })}</div> : null}
                  </>
                ) : (
                  t("print.pick.noBatch")
                )}
              </td>
              <td className="num" data-testid="pick-quantity">
                {r.quantity}
              </td>
              <td className="num">{r.orders}</td>
              <td>
                <span className="print-box" aria-hidden />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {t("print.pick.total")}
            </th>
            <td className="num" data-testid="pick-total">
              {pieces}
            </td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </table>
      <p className="print-orders">{data.orders.map((o) => o.orderNo).join(" · ")}</p>
    </article>
  );
}

/** The orders to print, from the URL's ids. */
export const prefetch = prefetchPrintData;

/** `paths.printPickList(query)`: the chosen orders' goods to pick, ready to print. */
export function Component() {
  const { t } = useTranslation();
  const printedAt = when(new Date().toISOString()) ?? "";
  return <PrintFrame title={t("print.pick.title")}>{(data) => <PickList data={data} printedAt={printedAt} />}</PrintFrame>;
}
