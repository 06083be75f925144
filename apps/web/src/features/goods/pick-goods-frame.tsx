import { Card, Form } from "antd";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { idParam } from "./goods.api";
import { GoodsPicker } from "./goods-picker";

/**
 * A price screen (member prices, ladders): pick an item, then edit its grid below. The item is in the address
 * (`?goodsId=…`), so a list's Edit opens the grid at once and a reload keeps it.
 */
export function PickGoodsFrame(props: {
  name: string;
  title: string;
  pickLabel: string;
  placeholder: string;
  grid: (goodsId: string) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const goodsId = idParam(params);
  return (
    <>
      <PageHeader title={props.title} />
      <Card className="goods-section">
        <Form layout="vertical" name={props.name}>
          <Form.Item label={props.pickLabel} htmlFor={props.name}>
            <GoodsPicker
              id={props.name}
              label={props.pickLabel}
              placeholder={props.placeholder}
              onPick={(id) => setParams({ goodsId: id })}
            />
          </Form.Item>
        </Form>
      </Card>
      {goodsId ? props.grid(goodsId) : null}
    </>
  );
}
