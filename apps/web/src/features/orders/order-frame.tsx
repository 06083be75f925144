import { Alert } from "antd";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/page-header";

/**
 * The frame of an order page whose action the order's state forbids (ship, price, …): the page's title and why,
 * instead of a form the server would refuse anyway.
 */
export function OrderStateForbids({ title, message }: { title: string; message: ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert type="info" showIcon title={message} />
    </>
  );
}
