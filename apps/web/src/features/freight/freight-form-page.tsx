import "./freight.css";
import type { Call } from "@sbo/contract/define";
import * as contract from "@sbo/contract/freight";
import { type ChargeType, chargeTypes } from "@sbo/contract/freight";
import { Card, Form, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ContractForm, domLabelOf, type LabelOf } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { RegionSelect } from "@/components/region-select";
import { TextInput } from "@/components/text-input";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type FreightDetail, freightDetailQuery, freightKeys, useFreightDetail } from "./freight.api";
import { FeeFields, FreightRules } from "./freight-rules";
import { emptyFreight, type FreightFormValues, freightInputOf, freightValuesOf } from "./freight-values";

const FORM = "freight";

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, { id }) => {
  if (id) void client.prefetchQuery(freightDetailQuery(id));
};

/**
 * `paths.freightAdd()` and `paths.freightEdit(id)`: one form for a new or a saved template; a
 * read-only view of a saved one for those who may not edit templates.
 */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const detail = useFreightDetail(id ?? null);
  if (!id) return <FreightForm saved={null} />;
  return (
    <QueryState query={detail} failed={t("freight.loadFailed")}>
      {(d) => <FreightForm key={id} saved={d} />}
    </QueryState>
  );
}

function FreightForm({ saved }: { saved: FreightDetail | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(freightKeys.all);
  const canEdit = useHolds("goods.freight.edit");
  const [form] = Form.useForm<FreightFormValues>();
  const chargeType = (Form.useWatch("chargeType", form) as ChargeType | undefined) ?? saved?.chargeType ?? "piece";
  const dom = domLabelOf(FORM);
  // Issues inside a rule (an area listed twice) name the rule and the field, in the user's language.
  const labelOf: LabelOf = (name) => {
    const [list, index, field] = name;
    const fieldLabel = typeof field === "string" ? t(`freight.form.${field as "areas"}`) : undefined;
    if ((list === "regionRules" || list === "freeRules") && typeof index === "number")
      return t(`freight.form.${list}Row`, { n: index + 1, field: fieldLabel ?? "" });
    if (list === "notDelivered") return t("freight.form.notDelivered");
    return dom(name) ?? fieldLabel;
  };
  const title = !saved
    ? t("freight.addTitle")
    : canEdit
      ? t("freight.editTitle", { name: saved.name })
      : t("freight.viewTitle", { name: saved.name });

  return (
    <>
      <PageHeader
        title={title}
        extra={
          saved ? <Typography.Text type="secondary">{t("freight.form.goodsUsing", { count: saved.goodsCount })}</Typography.Text> : null
        }
      />
      <ContractForm<Call, FreightFormValues>
        name={FORM}
        entry={saved ? contract.freight.upd : contract.freight.add}
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={saved ? freightValuesOf(saved) : emptyFreight()}
        toInput={(v) => ({ ...freightInputOf(v), ...(saved ? { id: saved.id } : {}) })}
        labelOf={labelOf}
        submitText={t("freight.form.save")}
        draft={canEdit ? { key: saved ? `freight.update:${saved.id}` : "freight.add" } : undefined}
        onCancel={() => navigate(paths.freightList())}
        onSuccess={async (output) => {
          await write.done(t("freight.saved", { name: (output as FreightDetail).name }));
          navigate(paths.freightList());
        }}
      >
        <Card title={t("freight.form.basics")} className="freight-section">
          <Form.Item
            name="name"
            label={t("freight.form.name")}
            rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("freight.form.name") }) }]}
          >
            <TextInput maxLength={30} />
          </Form.Item>
          <Form.Item name="chargeType" label={t("freight.form.chargeType")} extra={t("freight.form.chargeTypeHelp")}>
            <Select style={{ maxWidth: 240 }} options={chargeTypes.map((c) => ({ value: c, label: t(`freight.chargeType.${c}`) }))} />
          </Form.Item>
          <Typography.Title level={5}>{t("freight.form.defaultRule")}</Typography.Title>
          <FeeFields prefix={["defaultRule"]} chargeType={chargeType} />
          <Form.Item name="notDelivered" label={t("freight.form.notDelivered")} extra={t("freight.form.notDeliveredHelp")}>
            <RegionSelect placeholder={t("freight.form.pickAreas")} />
          </Form.Item>
        </Card>
        <FreightRules chargeType={chargeType} readOnly={!canEdit} />
      </ContractForm>
    </>
  );
}
