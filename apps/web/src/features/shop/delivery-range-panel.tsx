import { goods } from "@sbo/contract/goods";
import { useQuery } from "@tanstack/react-query";
import { Alert, App, Button, Form, InputNumber, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ContractForm } from "@/components/form";
import { type MapShapes, ShapesMapField } from "@/components/map";
import { rangeOfShapes, shapesOfRange } from "@/components/map/range-value";
import { QueryState } from "@/components/query-state";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";
import { useMayCall } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";

const rangeKeys = queryKeys("shopRange");

interface Values {
  range: MapShapes;
}

/**
 * The shop's default delivery range (a tab of the shop settings): where goods are delivered unless an item sets its
 * own (`selGoodsRangeByParam` with no goods, saved by `saveShopRange`, cleared by saving no shape), and a check of
 * one point against it (`checkGoodsRangeCategory`), so a seller can answer "do you deliver to …?".
 */
export default function DeliveryRangePanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refreshed = useWrite(rangeKeys.all).done;
  const mayEdit = useMayCall(goods.saveShopRange);
  const range = useQuery({
    queryKey: rangeKeys.detail("default"),
    queryFn: ({ signal }) => call(goods.selGoodsRangeByParam, { goodsId: null }, { notify: false, signal }),
  });
  return (
    <QueryState query={range} failed={t("shop.range.loadFailed")}>
      {(data) => (
        <Space orientation="vertical" size="large" style={{ width: "100%" }}>
          <Typography.Paragraph type="secondary">{t("shop.range.help")}</Typography.Paragraph>
          {data.source === "none" ? <Alert type="info" showIcon title={t("shop.range.none")} /> : null}
          <ContractForm<typeof goods.saveShopRange, Values>
            entry={goods.saveShopRange}
            name="shopRange"
            disabled={!mayEdit}
            initialValues={{ range: shapesOfRange(data.shapes) }}
            draft={mayEdit ? { key: "shop.deliveryRange" } : undefined}
            toInput={(v) => {
              const shapes = rangeOfShapes(v.range);
              return { shapes: shapes.length ? shapes : null };
            }}
            submitText={t("shop.range.save")}
            onSuccess={async (out) => {
              void message.success(out.shapes.length ? t("shop.range.saved") : t("shop.range.cleared"));
              await refreshed();
            }}
          >
            <Form.Item name="range" label={t("shop.range.title")}>
              <ShapesMapField label={t("shop.range.title")} readOnly={!mayEdit} />
            </Form.Item>
          </ContractForm>
          <PointCheck />
        </Space>
      )}
    </QueryState>
  );
}

/** A point typed in (latitude, longitude), checked against the saved default range. */
function PointCheck() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ lat: number; lng: number }>();
  const [answer, setAnswer] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const check = async ({ lat, lng }: { lat: number; lng: number }) => {
    setChecking(true);
    try {
      const r = await call(goods.checkGoodsRangeCategory, { goodsId: null, lat, lng });
      setAnswer(
        r.source === "none"
          ? t("shop.range.checkNone")
          : r.inside
            ? t("shop.range.inside", { n: (r.shapeIndex ?? 0) + 1 })
            : t("shop.range.outside"),
      );
    } finally {
      setChecking(false);
    }
  };
  return (
    <section aria-labelledby="shop-range-check">
      <Typography.Title level={5} id="shop-range-check">
        {t("shop.range.check")}
      </Typography.Title>
      <Form form={form} name="shopRangeCheck" layout="inline" onFinish={(v) => void check(v)} onValuesChange={() => setAnswer(null)}>
        <Form.Item name="lat" label={t("shop.range.lat")} rules={[{ required: true, message: t("shop.range.needLat") }]}>
          <InputNumber min={-90} max={90} step={0.001} />
        </Form.Item>
        <Form.Item name="lng" label={t("shop.range.lng")} rules={[{ required: true, message: t("shop.range.needLng") }]}>
          <InputNumber min={-180} max={180} step={0.001} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={checking}>
            {t("shop.range.checkButton")}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Text role="status" aria-live="polite">
        {answer}
      </Typography.Text>
    </section>
  );
}
