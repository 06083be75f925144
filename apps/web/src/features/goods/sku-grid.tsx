import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { type ListingType, MAX_SKUS, MAX_SPEC_DIMENSIONS, MAX_SPEC_VALUES } from "@sbo/contract/goods";
import { SPEC_NAMES, specValuesDict } from "@sbo/contract/reference";
import {
  Alert,
  App,
  AutoComplete,
  Button,
  DatePicker,
  Form,
  type FormInstance,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Typography,
} from "antd";
import dayjs from "dayjs";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextInput } from "@/components/text-input";
import { currentLanguage } from "@/platform/i18n";
import { type DictItem, useDictItems } from "./goods.api";
import { type GoodsFormValues, gridMatches, type SkuRow, skuCountOf, skuLabel, skuRowsFor, usableSpecs } from "./goods-values";

/** The dictionary spec a typed name is (in either language, any case), or null for a spec of the seller's own. */
export function dictSpecOf(names: readonly DictItem[], typed: string | undefined): DictItem | null {
  const key = typed?.trim().toLowerCase();
  if (!key) return null;
  return names.find((n) => n.name.toLowerCase() === key || n.nameEn.toLowerCase() === key) ?? null;
}

const inLanguage = (item: DictItem, zh: boolean) => (zh ? item.name : item.nameEn);
const matches = (input: string, option?: { value?: unknown }) =>
  String(option?.value ?? "")
    .toLowerCase()
    .includes(input.trim().toLowerCase());

/** Whether a SKU row holds anything of the seller's: it exists already, or a price, stock or code was entered. */
const rowHasData = (r: SkuRow) =>
  Boolean(r.id) || r.price !== null || (r.stock ?? 0) > 0 || Boolean(r.code) || Boolean(r.barcode) || r.batches.length > 0;

/**
 * One spec's values, typed as tags; when the spec's name is one of the platform's (the `specName` dictionary), its
 * common values are offered too (`specValue.<code>`), in the seller's language. Free text is always allowed.
 * Enter adds what was typed unless the seller moved to a suggestion with the arrow keys (a suggestion holding the
 * typed text — "2.5 kg" for "5 kg" — is not taken, nor an already chosen one taken away); removing a value that SKU
 * rows with prices, stock or codes use asks first.
 */
function SpecValuesSelect({
  specName,
  names,
  value = [],
  onChange,
  ...rest
}: {
  specName: string | undefined;
  names: readonly DictItem[];
  value?: string[];
  onChange?: (v: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const form = Form.useFormInstance<GoodsFormValues>();
  const zh = currentLanguage() === "zh";
  const spec = dictSpecOf(names, specName);
  const values = useDictItems(spec ? specValuesDict(spec.code) : null);
  const options = spec ? (values.data ?? []).map((v) => ({ value: inLanguage(v, zh) })) : [];
  const [search, setSearch] = useState("");
  // Whether the seller moved to a suggestion since typing (then Enter takes the suggestion, as the list shows).
  const moved = useRef(false);

  const change = (next: string[]) => {
    setSearch("");
    const removed = value.filter((v) => !next.includes(v));
    const rows = ((form.getFieldValue("skus") ?? []) as SkuRow[]).filter(
      (r) => rowHasData(r) && removed.some((v) => r.specValues.includes(v)),
    );
    if (!rows.length) return onChange?.(next);
    modal.confirm({
      title: t("goods.form.removeValueTitle", { value: removed.join(zh ? "、" : ", ") }),
      content: t("goods.form.removeValueHelp", { count: rows.length }),
      okText: t("goods.form.removeValueOk"),
      okButtonProps: { danger: true },
      onOk: () => onChange?.(next),
    });
  };

  return (
    <Select
      {...rest}
      value={value}
      onChange={change}
      mode="tags"
      tokenSeparators={[",", "，"]}
      options={options}
      filterOption={matches}
      searchValue={search}
      onSearch={(typed) => {
        moved.current = false;
        setSearch(typed);
      }}
      onInputKeyDown={(e) => {
        if (e.key === "ArrowDown" || e.key === "ArrowUp") moved.current = true;
        const typed = search.trim();
        if (e.key !== "Enter" || moved.current || !typed) return;
        // What was typed, whatever the list highlights first.
        e.preventDefault();
        e.stopPropagation();
        setSearch("");
        if (!value.includes(typed)) onChange?.([...value, typed]);
      }}
      // Without suggestions there is nothing to open: the values are typed.
      open={options.length ? undefined : false}
      suffixIcon={null}
      style={{ minWidth: 320 }}
    />
  );
}

/**
 * The spec dimensions (up to 3, each with up to 20 values typed as tags); the SKU grid follows them. The names and
 * values are suggested from the platform's spec dictionaries; the seller may type any other.
 */
export function SpecEditor({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const form = Form.useFormInstance<GoodsFormValues>();
  const specs = Form.useWatch("specs", form);
  const names = useDictItems(SPEC_NAMES).data ?? [];
  const nameOptions = names.map((n) => ({ value: inLanguage(n, zh) }));
  return (
    <Form.List name="specs">
      {(fields, { add, remove }) => (
        <Space orientation="vertical" style={{ width: "100%" }}>
          {fields.map((field, i) => (
            <Space key={field.key} align="start" wrap className="goods-spec">
              <Form.Item
                name={[field.name, "name"]}
                label={t("goods.form.specName", { n: i + 1 })}
                extra={t("goods.form.specNameHelp")}
                rules={[
                  { required: true, whitespace: true, message: t("form.required", { field: t("goods.form.specName", { n: i + 1 }) }) },
                  { max: 20 },
                ]}
              >
                <AutoComplete
                  options={nameOptions}
                  filterOption={matches}
                  maxLength={20}
                  disabled={disabled}
                  placeholder={t("goods.form.specNamePlaceholder")}
                  style={{ width: 160 }}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, "values"]}
                label={t("goods.form.specValues", { n: i + 1 })}
                extra={t("goods.form.specValuesHelp", { max: MAX_SPEC_VALUES })}
                rules={[
                  { required: true, type: "array", min: 1, message: t("goods.form.specValuesRequired") },
                  { type: "array", max: MAX_SPEC_VALUES, message: t("goods.form.specValuesMax", { max: MAX_SPEC_VALUES }) },
                ]}
              >
                <SpecValuesSelect specName={specs?.[field.name]?.name} names={names} />
              </Form.Item>
              <Form.Item label=" ">
                <Button
                  icon={<DeleteOutlined />}
                  disabled={disabled}
                  aria-label={t("goods.form.removeSpec", { n: i + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Form.Item>
            </Space>
          ))}
          {fields.length < MAX_SPEC_DIMENSIONS && !disabled ? (
            <Button icon={<PlusOutlined />} onClick={() => add({ name: "", values: [] })}>
              {t("goods.form.addSpec")}
            </Button>
          ) : null}
        </Space>
      )}
    </Form.List>
  );
}

/** Keeps the SKU grid in step with the specs: one row per combination, typed values kept. */
export function useSkuGridFollowsSpecs(form: FormInstance<GoodsFormValues>) {
  const specs = Form.useWatch("specs", form);
  const usable = usableSpecs(specs);
  const key = JSON.stringify(usable);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the usable specs
  useEffect(() => {
    const rows: SkuRow[] = form.getFieldValue("skus") ?? [];
    if (gridMatches(usable, rows)) return;
    form.setFieldValue("skus", skuRowsFor(usable, rows));
  }, [key, form]);
  return { count: skuCountOf(usable), tooMany: skuCountOf(usable) > MAX_SKUS, dims: usable };
}

interface Fill {
  price?: number | null;
  marketPrice?: number | null;
  costPrice?: number | null;
  stock?: number | null;
}

const money = { min: 0, max: 999_999.99, precision: 2, step: 0.01, style: { width: 120 } } as const;

/**
 * The SKU grid: a row per combination of spec values with its price, market and cost prices, stock, code and weight;
 * "Fill every row" sets a column at once. Fresh goods take their stock from batches: new SKUs get their first
 * batches here, saved SKUs in the batch list below the form.
 */
export function SkuGrid({
  form,
  disabled,
  fresh,
  listingType = "goods",
}: {
  form: FormInstance<GoodsFormValues>;
  disabled?: boolean;
  fresh: boolean;
  /** A service has no stock or weight; a service wanted states a budget, not market or cost prices. */
  listingType?: ListingType;
}) {
  const { t } = useTranslation();
  const service = listingType !== "goods";
  const wanted = listingType === "serviceWant";
  const priceLabel = t(`goods.sku.priceOf.${listingType}`);
  const hiddenColumns = new Set<string>([...(service ? ["stock", "weightG"] : []), ...(wanted ? ["marketPrice", "costPrice"] : [])]);
  const grid = useSkuGridFollowsSpecs(form);
  const skus: SkuRow[] = Form.useWatch("skus", { form, preserve: true }) ?? form.getFieldValue("skus") ?? [];
  const [fill, setFill] = useState<Fill>({});
  const [batchesOf, setBatchesOf] = useState<number | null>(null);

  const fillAll = () => {
    const rows: SkuRow[] = form.getFieldValue("skus") ?? [];
    form.setFieldValue(
      "skus",
      rows.map((r) => ({
        ...r,
        ...(fill.price != null ? { price: fill.price } : {}),
        ...(fill.marketPrice != null ? { marketPrice: fill.marketPrice } : {}),
        ...(fill.costPrice != null ? { costPrice: fill.costPrice } : {}),
        ...(fill.stock != null && !fresh && !service ? { stock: fill.stock } : {}),
      })),
    );
  };

  // Inside the Form.List below: a cell's name is relative to its row.
  const cell = (i: number, name: keyof SkuRow, _label: string, node: React.ReactNode, rules: object[] = []) => (
    <Form.Item name={[i, name]} className="goods-sku-cell" rules={rules}>
      {node}
    </Form.Item>
  );

  const rowName = (r: SkuRow) => skuLabel(r.specValues, t("goods.form.singleSku"));
  const required = (label: string) => [{ required: true, message: t("form.required", { field: label }) }];

  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      {grid.tooMany ? (
        <Alert type="error" showIcon role="alert" title={t("goods.form.tooManySkus", { count: grid.count, max: MAX_SKUS })} />
      ) : null}
      {skus.length > 1 && !disabled ? (
        <Space wrap className="goods-fill" aria-label={t("goods.form.fillAll")} role="group">
          <Typography.Text>{t("goods.form.fillAll")}</Typography.Text>
          <InputNumber
            {...money}
            aria-label={t("goods.form.fillPrice")}
            placeholder={priceLabel}
            value={fill.price}
            onChange={(v) => setFill((f) => ({ ...f, price: v }))}
          />
          {wanted ? null : (
            <>
              <InputNumber
                {...money}
                aria-label={t("goods.form.fillMarketPrice")}
                placeholder={t("goods.sku.marketPrice")}
                value={fill.marketPrice}
                onChange={(v) => setFill((f) => ({ ...f, marketPrice: v }))}
              />
              <InputNumber
                {...money}
                aria-label={t("goods.form.fillCostPrice")}
                placeholder={t("goods.sku.costPrice")}
                value={fill.costPrice}
                onChange={(v) => setFill((f) => ({ ...f, costPrice: v }))}
              />
            </>
          )}
          {fresh || service ? null : (
            <InputNumber
              min={0}
              precision={0}
              aria-label={t("goods.form.fillStock")}
              placeholder={t("goods.sku.stock")}
              value={fill.stock}
              onChange={(v) => setFill((f) => ({ ...f, stock: v }))}
            />
          )}
          <Button onClick={fillAll}>{t("goods.form.fillButton")}</Button>
        </Space>
      ) : null}
      <Form.List name="skus">
        {(fields) => (
          <Table<SkuRow & { index: number }>
            size="small"
            className="goods-sku-grid"
            rowKey={(r) => r.specValues.join("/") || "single"}
            dataSource={fields.flatMap((f) => {
              const row = form.getFieldValue(["skus", f.name]) as SkuRow | undefined;
              return row ? [{ ...row, index: f.name }] : [];
            })}
            pagination={skus.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            scroll={{ x: "max-content" }}
            aria-label={t("goods.form.skuGrid")}
            columns={[
              ...grid.dims.map((d, di) => ({
                key: `spec${di}`,
                title: d.name,
                render: (_: unknown, r: SkuRow & { index: number }) => r.specValues[di],
              })),
              {
                key: "price",
                title: `${priceLabel} *`,
                render: (_: unknown, r: SkuRow & { index: number }) =>
                  cell(
                    r.index,
                    "price",
                    `${priceLabel}: ${rowName(r)}`,
                    <InputNumber {...money} disabled={disabled} aria-label={`${priceLabel}: ${rowName(r)}`} />,
                    required(priceLabel),
                  ),
              },
              {
                key: "marketPrice",
                title: t("goods.sku.marketPrice"),
                render: (_: unknown, r: SkuRow & { index: number }) =>
                  cell(
                    r.index,
                    "marketPrice",
                    "",
                    <InputNumber {...money} disabled={disabled} aria-label={`${t("goods.sku.marketPrice")}: ${rowName(r)}`} />,
                  ),
              },
              {
                key: "costPrice",
                title: t("goods.sku.costPrice"),
                render: (_: unknown, r: SkuRow & { index: number }) =>
                  cell(
                    r.index,
                    "costPrice",
                    "",
                    <InputNumber {...money} disabled={disabled} aria-label={`${t("goods.sku.costPrice")}: ${rowName(r)}`} />,
                  ),
              },
              {
                key: "stock",
                title: t("goods.sku.stock"),
                render: (_: unknown, r: SkuRow & { index: number }) =>
                  fresh ? (
                    <Button
                      size="small"
                      disabled={disabled || Boolean(r.id)}
                      onClick={() => setBatchesOf(r.index)}
                      aria-label={`${t("goods.batch.title")}: ${rowName(r)}`}
                    >
                      {r.id ? t("goods.batch.below") : t("goods.batch.count", { count: (r.batches ?? []).length })}
                    </Button>
                  ) : (
                    cell(
                      r.index,
                      "stock",
                      "",
                      <InputNumber
                        min={0}
                        max={99_999_999}
                        precision={0}
                        disabled={disabled}
                        aria-label={`${t("goods.sku.stock")}: ${rowName(r)}`}
                      />,
                    )
                  ),
              },
              {
                key: "code",
                title: t("goods.sku.code"),
                render: (_: unknown, r: SkuRow & { index: number }) =>
                  cell(
                    r.index,
                    "code",
                    "",
                    <TextInput
                      maxLength={32}
                      disabled={disabled}
                      aria-label={`${t("goods.sku.code")}: ${rowName(r)}`}
                      style={{ width: 130 }}
                    />,
                  ),
              },
              {
                key: "weightG",
                title: t("goods.sku.weightG"),
                render: (_: unknown, r: SkuRow & { index: number }) =>
                  cell(
                    r.index,
                    "weightG",
                    "",
                    <InputNumber
                      min={0}
                      precision={0}
                      disabled={disabled}
                      aria-label={`${t("goods.sku.weightG")}: ${rowName(r)}`}
                      style={{ width: 100 }}
                    />,
                  ),
              },
            ].filter((c) => !hiddenColumns.has(c.key))}
          />
        )}
      </Form.List>
      {batchesOf !== null ? (
        <BatchesDialog
          index={batchesOf}
          name={rowName(skus[batchesOf] ?? ({ specValues: [] } as unknown as SkuRow))}
          onClose={() => setBatchesOf(null)}
        />
      ) : null}
    </Space>
  );
}

const DATE = "YYYY-MM-DD";

/** The first batches of a new fresh SKU (number, quantity, production and expiry dates), in the form itself. */
function BatchesDialog({ index, name, onClose }: { index: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={`${t("goods.batch.title")}: ${name}`}
      onCancel={onClose}
      onOk={onClose}
      okText={t("common.ok")}
      cancelText={t("common.cancel")}
      width={720}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t("goods.batch.help")}</Typography.Paragraph>
      <Form.List name={["skus", index, "batches"]}>
        {(fields, { add, remove }) => (
          <Space orientation="vertical" style={{ width: "100%" }}>
            {fields.map((field, j) => (
              <Space key={field.key} wrap align="start">
                <Form.Item
                  name={[field.name, "batchNo"]}
                  label={t("goods.batch.batchNo")}
                  rules={[{ required: true, message: t("form.required", { field: t("goods.batch.batchNo") }) }]}
                >
                  <TextInput maxLength={32} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item
                  name={[field.name, "quantity"]}
                  label={t("goods.batch.quantity")}
                  rules={[{ required: true, message: t("form.required", { field: t("goods.batch.quantity") }) }]}
                >
                  <InputNumber min={1} precision={0} />
                </Form.Item>
                <Form.Item
                  name={[field.name, "productionDate"]}
                  label={t("goods.batch.productionDate")}
                  getValueProps={(v: string | null) => ({ value: v ? dayjs(v) : null })}
                  normalize={(d: dayjs.Dayjs | null) => (d ? d.format(DATE) : null)}
                  rules={[{ required: true, message: t("form.required", { field: t("goods.batch.productionDate") }) }]}
                >
                  <DatePicker format={DATE} />
                </Form.Item>
                <Form.Item
                  name={[field.name, "expiresOn"]}
                  label={t("goods.batch.expiresOn")}
                  getValueProps={(v: string | null) => ({ value: v ? dayjs(v) : null })}
                  normalize={(d: dayjs.Dayjs | null) => (d ? d.format(DATE) : null)}
                  rules={[{ required: true, message: t("form.required", { field: t("goods.batch.expiresOn") }) }]}
                >
                  <DatePicker format={DATE} />
                </Form.Item>
                <Form.Item label=" ">
                  <Button icon={<DeleteOutlined />} aria-label={t("goods.batch.remove", { n: j + 1 })} onClick={() => remove(field.name)} />
                </Form.Item>
              </Space>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ batchNo: "", quantity: null, productionDate: null, expiresOn: null })}>
              {t("goods.batch.add")}
            </Button>
          </Space>
        )}
      </Form.List>
    </Modal>
  );
}
