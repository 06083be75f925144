import type { Call } from "@sbo/contract/define";
import * as contract from "@sbo/contract/promotion";
import { Alert, App, Button, Card, DatePicker, Form, InputNumber, Radio, Table } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ContractForm } from "@/components/form";
import { GoodsPickerModal } from "@/components/goods-picker-modal";
import { useGoodsSkus } from "@/components/goods-skus";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { TextInput } from "@/components/text-input";
import { centsOf, formatCents, yuanOf } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useWrite } from "@/platform/use-write";
import { type PromotionDetail, promotionDetailQuery, promotionKeys, usePromotionDetail } from "./promotion.api";

type Kind = contract.PromotionKind;
interface Values {
  name: string;
  kind: Kind;
  period: [Dayjs, Dayjs];
  perBuyerLimit?: number | null;
  percentOff?: number;
  /** Yuan per SKU id (price per SKU). */
  prices?: Record<string, number | null>;
  /** The goods chosen (kept among the values, so a draft brings them back with the rest). */
  chosenGoods?: ChosenGoods[];
}
interface ChosenGoods {
  id: string;
  name: string;
}

const FORMAT = "YYYY-MM-DD HH:mm";

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, { id }) => {
  if (id) void client.prefetchQuery(promotionDetailQuery(id));
};

/**
 * `paths.promotionAdd()` and `…/editPromotion/:id` (`marketing.promotion`): name, offer (percent
 * off every SKU of the chosen items, or a promotion price per SKU), period (24-hour pickers, local time), limit per
 * buyer and the goods — chosen among items in no other live promotion. A running promotion keeps its goods and
 * offer: its form changes only the name and the end.
 */
export function Component() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const detail = usePromotionDetail(id);
  if (!id) return <PromotionForm />;
  return (
    <QueryState query={detail} failed={t("promotion.loadFailed")}>
      {(d) => <PromotionForm current={d} />}
    </QueryState>
  );
}

function PromotionForm({ current }: { current?: PromotionDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const write = useWrite(promotionKeys.all);
  const [form] = Form.useForm<Values>();
  const running = current?.state === "running";
  const [initialGoods] = useState<ChosenGoods[]>(() => {
    const by = new Map((current?.skus ?? []).map((s) => [s.goodsId, s.goodsName]));
    return [...by].map(([goodsId, name]) => ({ id: goodsId, name }));
  });
  // The offer's kind and the goods are form values (a restored draft brings them back); the screen follows them.
  const kind: Kind = Form.useWatch("kind", { form, preserve: true }) ?? current?.kind ?? "percent";
  const goods: ChosenGoods[] = Form.useWatch("chosenGoods", { form, preserve: true }) ?? initialGoods;
  const setGoods = (next: (all: ChosenGoods[]) => ChosenGoods[]) => form.setFieldValue("chosenGoods", next(goods));
  const [picking, setPicking] = useState(false);
  const { skus } = useGoodsSkus(kind === "price" ? goods.map((g) => g.id) : []);
  const nameOf = new Map(goods.map((g) => [g.id, g.name]));

  const initialValues: Partial<Values> = current
    ? {
        name: current.name,
        kind: current.kind,
        period: [dayjs(current.startsAt), dayjs(current.endsAt)],
        perBuyerLimit: current.perBuyerLimit,
        percentOff: current.percentOff ?? undefined,
        prices: Object.fromEntries(current.skus.map((s) => [s.skuId, current.kind === "price" ? yuanOf(s.promotionPrice) : null])),
        chosenGoods: initialGoods,
      }
    : { kind: "percent", period: [dayjs(), dayjs().add(7, "day").endOf("day").second(0).millisecond(0)], chosenGoods: [] };

  const common = (v: Values) => ({
    ...(current ? { id: current.id } : {}),
    name: v.name,
    // A running promotion keeps its start exactly as it was.
    startsAt: running && current ? current.startsAt : v.period[0].second(0).millisecond(0).toISOString(),
    endsAt: v.period[1].second(0).millisecond(0).toISOString(),
    perBuyerLimit: v.perBuyerLimit ?? null,
  });
  const entry: Call = kind === "percent" ? contract.promotion.addOrUpdatePromotionInfo : contract.promotion.addOrUpdatePromotionBySpec;
  const toInput = (v: Values) =>
    kind === "percent"
      ? { ...common(v), percentOff: v.percentOff ?? 0, goodsIds: goods.map((g) => g.id) }
      : {
          ...common(v),
          skus: skus.map((s) => {
            const yuan = v.prices?.[s.skuId];
            return { skuId: s.skuId, price: yuan === null || yuan === undefined ? s.price : centsOf(yuan) };
          }),
        };

  return (
    <>
      <PageHeader
        title={current ? t("promotion.form.editTitle") : t("promotion.form.addTitle")}
        extra={<Button onClick={() => navigate(paths.promotionList())}>{t("promotion.actions.back")}</Button>}
      />
      <Card>
        {running ? <Alert type="info" showIcon title={t("promotion.form.runningNote")} style={{ marginBottom: 16 }} /> : null}
        <ContractForm<Call, Values>
          name="promotion"
          entry={entry}
          form={form}
          initialValues={initialValues}
          toInput={toInput as (v: Values) => never}
          draft={{ key: current ? `promotion.update:${current.id}` : "promotion.add" }}
          submitText={t("promotion.form.save")}
          onCancel={() => navigate(paths.promotionList())}
          onSuccess={async (out) => {
            void message.success(t("promotion.done.saved"));
            await write.done();
            navigate(paths.promotionDetail((out as { id: string }).id));
          }}
          style={{ maxWidth: 880 }}
        >
          <Form.Item name="name" label={t("promotion.form.name")} rules={[{ required: true, whitespace: true }]}>
            <TextInput maxLength={50} />
          </Form.Item>
          <Form.Item name="kind" label={t("promotion.form.kind")}>
            <Radio.Group
              disabled={!!current}
              options={contract.promotionKinds.map((k) => ({ value: k, label: t(`promotion.kind.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="period" label={t("promotion.form.period")} rules={[{ required: true }]}>
            <DatePicker.RangePicker
              showTime={{ format: "HH:mm" }}
              format={FORMAT}
              disabled={running ? [true, false] : false}
              placeholder={[t("promotion.form.startsAt"), t("promotion.form.endsAt")]}
            />
          </Form.Item>
          {kind === "percent" ? (
            <Form.Item name="percentOff" label={t("promotion.form.percentOff")} rules={[{ required: true }]}>
              <InputNumber min={1} max={99} precision={0} suffix="%" disabled={running} />
            </Form.Item>
          ) : null}
          <Form.Item name="perBuyerLimit" label={t("promotion.form.perBuyerLimit")} extra={t("promotion.form.perBuyerLimitHelp")}>
            <InputNumber min={1} max={9999} precision={0} disabled={running} />
          </Form.Item>
          <Form.Item label={t("promotion.form.goods")} name={kind === "percent" ? "goodsIds" : "skus"}>
            <div>
              {running ? null : (
                <Button onClick={() => setPicking(true)} style={{ marginBottom: 8 }}>
                  {t("promotion.form.chooseGoods")}
                </Button>
              )}
              {goods.length === 0 ? (
                <div>{t("promotion.form.noGoods")}</div>
              ) : kind === "percent" ? (
                <Table<ChosenGoods>
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={goods}
                  locale={{ emptyText: t("promotion.form.noGoods") }}
                  columns={[
                    { key: "name", title: t("promotion.form.goods"), render: (_, g) => g.name },
                    {
                      key: "remove",
                      title: "",
                      width: 80,
                      render: (_, g) =>
                        running ? null : (
                          <Button type="link" size="small" onClick={() => setGoods((all) => all.filter((x) => x.id !== g.id))}>
                            {t("promotion.form.remove")}
                          </Button>
                        ),
                    },
                  ]}
                />
              ) : (
                <Table
                  rowKey="skuId"
                  size="small"
                  pagination={false}
                  dataSource={skus}
                  locale={{ emptyText: t("promotion.form.noGoods") }}
                  columns={[
                    { key: "goods", title: t("promotion.form.goods"), render: (_, s) => nameOf.get(s.goodsId) ?? "" },
                    { key: "sku", title: t("promotion.form.sku"), render: (_, s) => s.specValues.join(" / ") || "—" },
                    { key: "price", title: t("promotion.form.price"), align: "right", render: (_, s) => formatCents(s.price) },
                    {
                      key: "promotionPrice",
                      title: t("promotion.form.promotionPrice"),
                      render: (_, s) => (
                        <Form.Item name={["prices", s.skuId]} noStyle>
                          <InputNumber
                            min={0}
                            precision={2}
                            disabled={running}
                            aria-label={`${t("promotion.form.promotionPrice")}: ${nameOf.get(s.goodsId) ?? ""} ${s.specValues.join(" / ")}`}
                          />
                        </Form.Item>
                      ),
                    },
                    {
                      key: "remove",
                      title: "",
                      width: 80,
                      render: (_, s) =>
                        running ? null : (
                          <Button type="link" size="small" onClick={() => setGoods((all) => all.filter((x) => x.id !== s.goodsId))}>
                            {t("promotion.form.remove")}
                          </Button>
                        ),
                    },
                  ]}
                />
              )}
            </div>
          </Form.Item>
        </ContractForm>
      </Card>
      <GoodsPickerModal
        open={picking}
        title={t("promotion.form.pickerTitle")}
        source="notInPromotion"
        exclude={new Set(goods.map((g) => g.id))}
        onCancel={() => setPicking(false)}
        onPick={async (_ids, rows) => {
          setGoods((all) => [...all, ...rows.filter((r) => !all.some((g) => g.id === r.id)).map((r) => ({ id: r.id, name: r.name }))]);
          setPicking(false);
        }}
      />
    </>
  );
}
