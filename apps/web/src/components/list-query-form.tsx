import { Button, Form, Input, Select, Space } from "antd";
import type { TFunction } from "i18next";
import { type ComponentProps, lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNarrow } from "@/platform/viewport";
import { type FilterField, type FilterValues, type FormValues, fromFormValues, toFormValues } from "./list-filters";

interface ListQueryFormProps {
  fields: readonly FilterField[];
  values: FilterValues;
  onSearch: (values: FilterValues) => void;
  onReset: () => void;
  label: string;
}

// The date picker (about 30 KB gzipped) loads only for the lists that filter by a date range.
const LazyDateRange = lazy(() => import("./date-range-input"));

/** The range picker once loaded; until then a disabled input of its width holds its place. */
function DateRange(props: ComponentProps<typeof LazyDateRange>) {
  return (
    <Suspense fallback={<Input disabled aria-label={props.placeholder?.join(" – ")} style={{ width: DATE_RANGE_WIDTH }} />}>
      <LazyDateRange {...props} style={{ width: DATE_RANGE_WIDTH }} />
    </Suspense>
  );
}
const DATE_RANGE_WIDTH = 280;

/** A plain function, not a component: Form.Item passes value, onChange and id to its direct child. */
function control(field: FilterField, t: TFunction) {
  switch (field.kind) {
    case "text":
      return <Input allowClear placeholder={field.placeholder} aria-label={field.label} />;
    case "select":
      return (
        <Select
          allowClear
          style={{ minWidth: 160 }}
          placeholder={field.placeholder}
          options={field.options}
          aria-label={field.label}
          // A long list (e.g. categories) is searched by typing.
          showSearch={field.options.length > 8 ? { optionFilterProp: "label" } : false}
          popupMatchSelectWidth={false}
        />
      );
    case "dateRange":
      return <DateRange allowEmpty={[true, true]} placeholder={[t("list.startDate"), t("list.endDate")]} />;
  }
}

/** The query form above a list. Mirrors the URL: back and forward refill it. */
export function ListQueryForm({ fields, values, onSearch, onReset, label }: ListQueryFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  // Below the tablet width only the first filter shows until asked for more (a goods list has seven): the list
  // stays in reach of the thumb. A filter in use among the others keeps them shown.
  const narrow = useNarrow();
  const inUse = (f: FilterField) => (f.kind === "dateRange" ? Boolean(values[f.from] || values[f.to]) : Boolean(values[f.name]));
  const others = fields.slice(1);
  const [more, setMore] = useState(() => others.some(inUse));
  const folded = narrow && others.length > 0 && !more;

  // `values` is memoised on the URL by ListPage, so this runs on back/forward and reset, not on typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fields are configuration that does not change
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(values, fields));
  }, [form, values]);

  return (
    <Form
      form={form}
      layout="inline"
      role="search"
      aria-label={label}
      className="list-query-form"
      onFinish={(formValues) => onSearch(fromFormValues(formValues, fields))}
    >
      {fields.map((field, i) => (
        <Form.Item key={field.name} name={field.name} label={field.label} hidden={folded && i > 0}>
          {control(field, t)}
        </Form.Item>
      ))}
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit">
            {t("common.search")}
          </Button>
          <Button onClick={onReset}>{t("common.reset")}</Button>
          {narrow && others.length > 0 ? (
            <Button type="link" aria-expanded={more} onClick={() => setMore(!more)}>
              {more ? t("list.fewerFilters") : t("list.moreFilters", { count: others.length })}
            </Button>
          ) : null}
        </Space>
      </Form.Item>
    </Form>
  );
}
