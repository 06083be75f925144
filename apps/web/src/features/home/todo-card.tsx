import { afterSale } from "@sbo/contract/aftersale";
import { orderDesk } from "@sbo/contract/orders-desk";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Card, Col, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cappedCount } from "@/components/list-filters";
import { call } from "@/platform/api-client";
import { paths } from "@/platform/paths";
import { queryKeys } from "@/platform/query-keys";
import { useHolds } from "@/platform/use-holds";

/** The orders' to-do counts (the home's prefetch starts it too). */
export const todoQuery = () =>
  queryOptions({
    queryKey: queryKeys("orders").list("todo", {}),
    queryFn: ({ signal }) => call(orderDesk.selSellerTodo, {}, { notify: false, signal }),
  });

/**
 * The home page's to-dos for a member who may see orders: orders to ship, payment vouchers to review and delivery
 * reminders, each the (capped) count of the order list it links to. Under the orders' query key, so any order
 * write refreshes it.
 */
export function TodoCard() {
  const { t } = useTranslation();
  const todo = useQuery(todoQuery());
  const mayAfterSale = useHolds("order.afterSale");
  const afterSales = useQuery({
    queryKey: queryKeys("afterSale").list("todo", {}),
    queryFn: ({ signal }) => call(afterSale.selAfterSaleTodoCount, {}, { notify: false, signal }),
    enabled: mayAfterSale,
  });
  // The after-sale tiles only for members who may see after-sales (a disabled query keeps no data, but a revoked one may).
  const afterSaleCounts = mayAfterSale ? afterSales.data : undefined;
  // Each to-do opens the list filtered as its count was counted (tab and `need`).
  const tiles: { key: "toShip" | "vouchers" | "reminders" | "afterSales" | "returnsBack"; to: string; n: number | undefined }[] = [
    { key: "toShip", to: paths.orderList({ tab: "toShip" }), n: todo.data?.toShip },
    { key: "vouchers", to: paths.orderList({ need: "voucher" }), n: todo.data?.vouchers },
    { key: "reminders", to: paths.orderList({ tab: "toShip", need: "reminded" }), n: todo.data?.reminders },
    ...(afterSaleCounts
      ? [
          { key: "afterSales" as const, to: paths.afterSaleList({ tab: "applied" }), n: afterSaleCounts.applied },
          { key: "returnsBack" as const, to: paths.afterSaleList({ tab: "buyerShipped" }), n: afterSaleCounts.buyerShipped },
        ]
      : []),
  ];
  return (
    <Card title={<h2 className="card-heading">{t("home.todo.title")}</h2>} loading={todo.isPending}>
      {todo.isError ? (
        t("home.todo.failed")
      ) : (
        <Row gutter={[16, 16]}>
          {tiles.map(({ key, to, n }) => (
            <Col key={key} xs={24} sm={8}>
              {/* Named by what it shows ("Orders to ship 3"): the label and the count, nothing else. */}
              <Link className="home-todo" to={to}>
                <Typography.Text type="secondary">{t(`home.todo.${key}`)}</Typography.Text>{" "}
                <Typography.Text className="home-todo-count" type={(n ?? 0) > 0 ? "danger" : undefined}>
                  {cappedCount(n ?? 0)}
                </Typography.Text>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
