import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { type ChargeType, freeBys, MAX_FREE_RULES, MAX_REGION_RULES } from "@sbo/contract/freight";
import { Button, Card, Form, InputNumber, Select, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { RegionSelect } from "@/components/region-select";
import { emptyFreeRow, emptyRegionRow, type FreeRow, unitPrecision } from "./freight-values";

const money = { min: 0, max: 999_999.99, precision: 2, step: 0.01 } as const;

/** The four numbers of a fee rule (first units and fee, each further units and fee), under `prefix` of the form. */
export function FeeFields({ prefix, chargeType }: { prefix: (string | number)[]; chargeType: ChargeType }) {
  const { t } = useTranslation();
  const unit = t(`freight.unit.${chargeType}`);
  const units = { min: 0, precision: unitPrecision(chargeType), step: chargeType === "weight" ? 0.1 : 1 } as const;
  return (
    <Space wrap size={[16, 0]} align="start">
      <Form.Item name={[...prefix, "firstUnit"]} label={`${t("freight.form.firstUnit")} (${unit})`}>
        <InputNumber {...units} />
      </Form.Item>
      <Form.Item name={[...prefix, "firstFee"]} label={t("freight.form.firstFee")}>
        <InputNumber {...money} />
      </Form.Item>
      <Form.Item name={[...prefix, "additionalUnit"]} label={`${t("freight.form.additionalUnit")} (${unit})`}>
        <InputNumber {...units} />
      </Form.Item>
      <Form.Item name={[...prefix, "additionalFee"]} label={t("freight.form.additionalFee")}>
        <InputNumber {...money} />
      </Form.Item>
    </Space>
  );
}

/**
 * One list of rule rows in a card (region rules or free-shipping conditions): each row titled, removable, carrying its
 * stored id and its areas, then the fields of its kind; an Add button below until the list is full.
 */
function RuleRows({
  list,
  texts,
  max,
  empty,
  readOnly,
  fields,
}: {
  list: "regionRules" | "freeRules";
  texts: { title: string; help: string; rowTitle: (n: number) => string; add: string; areasPlaceholder: string };
  max: number;
  empty: () => object;
  readOnly: boolean;
  fields: (rowName: number) => React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card title={texts.title} className="freight-section">
      <Typography.Paragraph type="secondary">{texts.help}</Typography.Paragraph>
      <Form.List name={list}>
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, i) => {
              const name = texts.rowTitle(i + 1);
              return (
                <section key={row.key} className="freight-rule" aria-label={name}>
                  <Space align="start" style={{ width: "100%", justifyContent: "space-between" }}>
                    <Typography.Text strong>{name}</Typography.Text>
                    {readOnly ? null : (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t("freight.form.removeRow", { row: name })}
                        onClick={() => remove(row.name)}
                      >
                        {t("freight.form.remove")}
                      </Button>
                    )}
                  </Space>
                  {/* A stored row's id travels with it, so the server changes the row in place. */}
                  <Form.Item name={[row.name, "id"]} hidden>
                    <input />
                  </Form.Item>
                  <Form.Item name={[row.name, "areas"]} label={t("freight.form.areas")}>
                    <RegionSelect placeholder={texts.areasPlaceholder} />
                  </Form.Item>
                  {fields(row.name)}
                </section>
              );
            })}
            {readOnly || rows.length >= max ? null : (
              <Button icon={<PlusOutlined />} onClick={() => add(empty())}>
                {texts.add}
              </Button>
            )}
          </>
        )}
      </Form.List>
    </Card>
  );
}

/**
 * The rules of a template beside its default: region rules (areas and their fees) and free-shipping conditions
 * (areas, by amount or pieces, and the threshold), each added and removed row by row. Inside the template's Form.
 */
export function FreightRules({ chargeType, readOnly = false }: { chargeType: ChargeType; readOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <RuleRows
        list="regionRules"
        texts={{
          title: t("freight.form.regionRules"),
          help: t("freight.form.regionRulesHelp"),
          rowTitle: (n) => t("freight.form.regionRuleTitle", { n }),
          add: t("freight.form.addRegionRule"),
          areasPlaceholder: t("freight.form.pickAreas"),
        }}
        max={MAX_REGION_RULES}
        empty={() => emptyRegionRow(chargeType)}
        readOnly={readOnly}
        fields={(rowName) => <FeeFields prefix={[rowName]} chargeType={chargeType} />}
      />
      <RuleRows
        list="freeRules"
        texts={{
          title: t("freight.form.freeRules"),
          help: t("freight.form.freeRulesHelp"),
          rowTitle: (n) => t("freight.form.freeRuleTitle", { n }),
          add: t("freight.form.addFreeRule"),
          areasPlaceholder: t("freight.form.allAreas"),
        }}
        max={MAX_FREE_RULES}
        empty={emptyFreeRow}
        readOnly={readOnly}
        fields={(rowName) => (
          <Space wrap size={[16, 0]} align="start">
            <Form.Item name={[rowName, "freeBy"]} label={t("freight.form.freeBy")}>
              <Select style={{ minWidth: 180 }} options={freeBys.map((f) => ({ value: f, label: t(`freight.freeBy.${f}`) }))} />
            </Form.Item>
            <Form.Item noStyle dependencies={[["freeRules", rowName, "freeBy"]]}>
              {({ getFieldValue }) => {
                const by = (getFieldValue(["freeRules", rowName, "freeBy"]) as FreeRow["freeBy"]) ?? "amount";
                return (
                  <Form.Item
                    name={[rowName, "threshold"]}
                    label={by === "amount" ? t("freight.form.thresholdAmount") : t("freight.form.thresholdQuantity")}
                  >
                    {by === "amount" ? <InputNumber {...money} /> : <InputNumber min={1} max={99_999} precision={0} />}
                  </Form.Item>
                );
              }}
            </Form.Item>
          </Space>
        )}
      />
    </>
  );
}
