import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { type ChargeType, freeBys, MAX_FREE_RULES, MAX_REGION_RULES } from "@sbo/contract/freight";
import { Button, Card, Form, InputNumber, Select, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { emptyFreeRow, emptyRegionRow, type FreeRow, unitPrecision } from "./freight-values";
import { RegionSelect } from "./region-select";

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
 * The rules of a template beside its default: region rules (areas and their fees) and free-shipping conditions
 * (areas, by amount or pieces, and the threshold), each added and removed row by row. Inside the template's Form.
 */
export function FreightRules({ chargeType, readOnly = false }: { chargeType: ChargeType; readOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Card title={t("freight.form.regionRules")} className="freight-section">
        <Typography.Paragraph type="secondary">{t("freight.form.regionRulesHelp")}</Typography.Paragraph>
        <Form.List name="regionRules">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row, i) => {
                const name = t("freight.form.regionRuleTitle", { n: i + 1 });
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
                      <RegionSelect placeholder={t("freight.form.pickAreas")} />
                    </Form.Item>
                    <FeeFields prefix={[row.name]} chargeType={chargeType} />
                  </section>
                );
              })}
              {readOnly || rows.length >= MAX_REGION_RULES ? null : (
                <Button icon={<PlusOutlined />} onClick={() => add(emptyRegionRow(chargeType))}>
                  {t("freight.form.addRegionRule")}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Card>

      <Card title={t("freight.form.freeRules")} className="freight-section">
        <Typography.Paragraph type="secondary">{t("freight.form.freeRulesHelp")}</Typography.Paragraph>
        <Form.List name="freeRules">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row, i) => {
                const name = t("freight.form.freeRuleTitle", { n: i + 1 });
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
                      <RegionSelect placeholder={t("freight.form.allAreas")} />
                    </Form.Item>
                    <Space wrap size={[16, 0]} align="start">
                      <Form.Item name={[row.name, "freeBy"]} label={t("freight.form.freeBy")}>
                        <Select style={{ minWidth: 180 }} options={freeBys.map((f) => ({ value: f, label: t(`freight.freeBy.${f}`) }))} />
                      </Form.Item>
                      <Form.Item noStyle dependencies={[["freeRules", row.name, "freeBy"]]}>
                        {({ getFieldValue }) => {
                          const by = (getFieldValue(["freeRules", row.name, "freeBy"]) as FreeRow["freeBy"]) ?? "amount";
                          return (
                            <Form.Item
                              name={[row.name, "threshold"]}
                              label={by === "amount" ? t("freight.form.thresholdAmount") : t("freight.form.thresholdQuantity")}
                            >
                              {by === "amount" ? <InputNumber {...money} /> : <InputNumber min={1} max={99_999} precision={0} />}
                            </Form.Item>
                          );
                        }}
                      </Form.Item>
                    </Space>
                  </section>
                );
              })}
              {readOnly || rows.length >= MAX_FREE_RULES ? null : (
                <Button icon={<PlusOutlined />} onClick={() => add(emptyFreeRow())}>
                  {t("freight.form.addFreeRule")}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Card>
    </>
  );
}
