import "./goods.css";
import { DeleteOutlined } from "@ant-design/icons";
import type { Call } from "@sbo/contract/define";
import * as contract from "@sbo/contract/goods";
import { type GoodsDetail, logisticsModes, MAX_DESCRIPTION, MAX_PACKAGE_ITEMS } from "@sbo/contract/goods";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Checkbox, Form, InputNumber, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { domLabelOf, useContractSubmit } from "@/components/form";
import { DraftNotice, useFormDraft } from "@/components/form-draft";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { TextArea, TextInput } from "@/components/text-input";
import type { UploadValue } from "@/components/upload";
import { centsOf, formatCents, yuanOf } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useWrite } from "@/platform/use-write";
import { goodsKeys, packageQuery } from "./goods.api";
import { ImagesField } from "./goods-fields";
import { skuLabel } from "./goods-values";
import { SkuPicker } from "./sku-picker";

const FORM = "package";

interface Part {
  skuId: string;
  quantity: number;
  goodsName: string;
  specValues: string[];
  price: number;
  stock: number;
}

interface PackageValues {
  name: string;
  subtitle: string;
  images: UploadValue[];
  descriptionHtml: string;
  logistics: string[];
  price: number | null;
  marketPrice: number | null;
  stockLimit: number | null;
  code: string | null;
  items: Part[];
}

const cents = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? null : centsOf(Number(yuan).toFixed(2)));

/** The form's values as the package calls take them. */
export function packageInputOf(v: PackageValues) {
  return {
    name: v.name ?? "",
    subtitle: v.subtitle ?? "",
    images: (v.images ?? []).map((i) => i.id),
    descriptionHtml: v.descriptionHtml ?? "",
    logistics: (v.logistics ?? []) as ("express" | "cityDelivery" | "selfPickup")[],
    price: cents(v.price) ?? 0,
    marketPrice: cents(v.marketPrice),
    stockLimit: v.stockLimit ?? null,
    code: v.code?.trim() ? v.code.trim() : null,
    items: (v.items ?? []).map((p) => ({ skuId: p.skuId, quantity: p.quantity })),
  };
}

const valuesOf = (d: GoodsDetail): PackageValues => ({
  name: d.name,
  subtitle: d.subtitle,
  images: d.images.map((f) => ({ id: f.id, url: f.url, name: f.name })),
  descriptionHtml: d.descriptionHtml,
  logistics: d.logistics,
  price: d.package ? yuanOf(d.package.price) : null,
  marketPrice: d.package?.marketPrice != null ? yuanOf(d.package.marketPrice) : null,
  stockLimit: d.package?.stockLimit ?? null,
  code: d.code,
  items: (d.package?.items ?? []).map((p) => ({
    skuId: p.skuId,
    quantity: p.quantity,
    goodsName: p.goodsName,
    specValues: p.specValues,
    price: p.price,
    stock: p.stock,
  })),
});

const empty: PackageValues = {
  name: "",
  subtitle: "",
  images: [],
  descriptionHtml: "",
  logistics: [],
  price: null,
  marketPrice: null,
  stockLimit: null,
  code: null,
  items: [],
};

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, { id }) => {
  if (id) void client.prefetchQuery(packageQuery(id));
};

/** `paths.packageAdd()` and `paths.packageEdit(id)`: a bundle of SKUs with its own price. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const saved = useQuery({ ...packageQuery(id ?? ""), enabled: Boolean(id) });
  if (!id) return <PackageForm saved={null} />;
  return (
    <QueryState query={saved} failed={t("goods.package.loadFailed")}>
      {(d) => <PackageForm key={id} saved={d} />}
    </QueryState>
  );
}

function PackageForm({ saved }: { saved: GoodsDetail | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(goodsKeys.all);
  const [form] = Form.useForm<PackageValues>();
  const draft = useFormDraft(form, { key: saved ? `package.update:${saved.id}` : "package.add" });
  const items: Part[] = Form.useWatch("items", form) ?? [];
  const [pressed, setPressed] = useState<"save" | "on" | "draft" | null>(null);
  const labelOf = domLabelOf(FORM);
  const done = async (text: string) => {
    draft.clear();
    await write.done(text);
    navigate(paths.packageList());
  };
  const input = (v: PackageValues, extra: object = {}) => ({ ...packageInputOf(v), ...(saved ? { id: saved.id } : {}), ...extra });
  const save = useContractSubmit<Call, PackageValues>(
    saved ? contract.goods.modifyGoodsPackage : contract.goods.publishGoodsPackage,
    form,
    {
      toInput: (v) => input(v, { draft: false }),
      onSuccess: () => done(t("goods.package.saved")),
      labelOf,
    },
  );
  const saveOn = useContractSubmit<Call, PackageValues>(
    saved ? contract.goods.modifyGoodsPackageAndStatusOn : contract.goods.publishGoodsPackageAndStatusOn,
    form,
    { toInput: (v) => input(v), onSuccess: () => done(t("goods.package.savedOn")), labelOf },
  );
  const saveDraft = useContractSubmit<Call, PackageValues>(
    saved ? contract.goods.modifyGoodsPackage : contract.goods.publishGoodsPackage,
    form,
    {
      toInput: (v) => input(v, { draft: true }),
      onSuccess: () => done(t("goods.package.savedDraft")),
      labelOf,
    },
  );
  const submitting = save.submitting || saveOn.submitting || saveDraft.submitting;
  const error = save.error ?? saveOn.error ?? saveDraft.error;

  const submit = async (which: "save" | "on" | "draft") => {
    setPressed(which);
    try {
      await form.validateFields(which === "draft" ? ["name"] : undefined);
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as PackageValues;
    await (which === "save" ? save : which === "on" ? saveOn : saveDraft).submit(values);
  };

  const partsTotal = items.reduce((sum, p) => sum + p.price * (p.quantity || 0), 0);
  const required = (label: string) => [{ required: true, message: t("form.required", { field: label }) }];
  const money = { min: 0, max: 999_999.99, precision: 2, step: 0.01 } as const;

  return (
    <>
      <PageHeader title={saved ? t("goods.package.editTitle", { name: saved.name }) : t("goods.package.addTitle")} />
      <DraftNotice draft={draft} />
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t("form.failed")}
          description={<span style={{ whiteSpace: "pre-line" }}>{error}</span>}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<PackageValues>
        name={FORM}
        form={form}
        layout="vertical"
        initialValues={saved ? valuesOf(saved) : empty}
        onValuesChange={draft.onValuesChange}
        onFinish={() => void submit("save")}
      >
        <Card title={t("goods.form.basics")} className="goods-section">
          <Form.Item name="name" label={t("goods.package.name")} rules={required(t("goods.package.name"))}>
            <TextInput maxLength={60} />
          </Form.Item>
          <Form.Item name="subtitle" label={t("goods.package.subtitle")}>
            <TextInput maxLength={120} />
          </Form.Item>
          <Space wrap size={[16, 0]} align="start">
            <Form.Item name="price" label={t("goods.package.price")} rules={required(t("goods.package.price"))}>
              <InputNumber {...money} />
            </Form.Item>
            <Form.Item name="marketPrice" label={t("goods.package.marketPrice")}>
              <InputNumber {...money} />
            </Form.Item>
            <Form.Item name="stockLimit" label={t("goods.package.stockLimit")} extra={t("goods.package.stockLimitHelp")}>
              <InputNumber min={0} precision={0} />
            </Form.Item>
            <Form.Item name="code" label={t("goods.package.code")}>
              <TextInput maxLength={32} />
            </Form.Item>
          </Space>
        </Card>

        <Card title={t("goods.package.items")} className="goods-section">
          <Typography.Paragraph type="secondary">{t("goods.package.itemsHelp")}</Typography.Paragraph>
          <Form.Item
            name="items"
            label={t("goods.package.pick")}
            rules={[
              {
                validator: (_, v: Part[] | undefined) =>
                  (v?.length ?? 0) >= 2 ? Promise.resolve() : Promise.reject(new Error(t("goods.package.tooFew"))),
              },
            ]}
          >
            <PartsEditor />
          </Form.Item>
          {items.length ? (
            <Typography.Paragraph>{t("goods.package.partsTotal", { total: formatCents(partsTotal) })}</Typography.Paragraph>
          ) : null}
        </Card>

        <Card title={t("goods.form.media")} className="goods-section">
          <Form.Item name="images" label={t("goods.form.images")} extra={t("goods.form.imagesHelp")}>
            <ImagesField />
          </Form.Item>
          <Form.Item name="descriptionHtml" label={t("goods.form.descriptionHtml")} extra={t("goods.form.descriptionHelp")}>
            <TextArea maxLength={MAX_DESCRIPTION} autoSize={{ minRows: 4, maxRows: 12 }} />
          </Form.Item>
          <Form.Item name="logistics" label={t("goods.form.logistics")}>
            <Checkbox.Group options={logisticsModes.map((m) => ({ value: m, label: t(`goods.logistics.${m}`) }))} />
          </Form.Item>
        </Card>

        <div className="goods-form-actions">
          <Space wrap>
            <Button type="primary" loading={submitting && pressed === "on"} disabled={submitting} onClick={() => void submit("on")}>
              {t("goods.form.saveOn")}
            </Button>
            <Button htmlType="submit" loading={submitting && pressed === "save"} disabled={submitting}>
              {t("goods.form.save")}
            </Button>
            {!saved || saved.status === "draft" ? (
              <Button loading={submitting && pressed === "draft"} disabled={submitting} onClick={() => void submit("draft")}>
                {t("goods.form.saveDraft")}
              </Button>
            ) : null}
            <Button
              onClick={() => {
                draft.clear();
                navigate(paths.packageList());
              }}
            >
              {t("common.cancel")}
            </Button>
          </Space>
        </div>
      </Form>
    </>
  );
}

/** The package's parts: pick SKUs, set each one's quantity, remove. Bind it to the `items` field. */
function PartsEditor({ value = [], onChange }: { value?: Part[]; onChange?: (v: Part[]) => void }) {
  const { t } = useTranslation();
  const items = value;
  const setItems = (next: Part[]) => onChange?.(next);
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      {items.length < MAX_PACKAGE_ITEMS ? (
        <SkuPicker
          label={t("goods.package.pick")}
          exclude={items.map((p) => p.skuId)}
          onPick={(s) =>
            setItems([
              ...items,
              { skuId: s.skuId, quantity: 1, goodsName: s.goodsName, specValues: s.specValues, price: s.price, stock: s.stock },
            ])
          }
        />
      ) : null}
      <Table<Part>
        size="small"
        rowKey="skuId"
        pagination={false}
        dataSource={items}
        aria-label={t("goods.package.items")}
        columns={[
          {
            key: "part",
            title: t("goods.columns.goods"),
            render: (_, p) => t("goods.package.part", { goods: p.goodsName, sku: skuLabel(p.specValues, t("goods.form.singleSku")) }),
          },
          {
            key: "price",
            title: t("goods.columns.price"),
            render: (_, p) => t("goods.package.partPrice", { price: formatCents(p.price), stock: p.stock }),
          },
          {
            key: "quantity",
            title: t("goods.package.quantity"),
            render: (_, p, i) => (
              <InputNumber
                min={1}
                max={99}
                precision={0}
                value={p.quantity}
                aria-label={`${t("goods.package.quantity")}: ${p.goodsName}`}
                onChange={(q) => setItems(items.map((x, j) => (j === i ? { ...x, quantity: q ?? 1 } : x)))}
              />
            ),
          },
          {
            key: "remove",
            title: t("goods.columns.actions"),
            render: (_, p, i) => (
              <Button
                type="link"
                danger
                icon={<DeleteOutlined />}
                aria-label={t("goods.package.removeItem", { name: p.goodsName })}
                onClick={() => setItems(items.filter((_, j) => j !== i))}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}
