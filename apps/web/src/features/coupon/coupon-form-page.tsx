import * as contract from "@sbo/contract/coupon";
import { type DiscountType, discountTypes, type GoodsScope, type ValidityType } from "@sbo/contract/coupon";
import type { Call } from "@sbo/contract/define";
import { Alert, Button, Card, DatePicker, Form, InputNumber, Radio, Select, Space, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { ContractForm } from "@/components/form";
import { GoodsPickerModal } from "@/components/goods-picker-modal";
import { LoadFailed } from "@/components/load-failed";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { TextArea, TextInput } from "@/components/text-input";
import { centsOf, yuanOf } from "@/platform/money";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useWrite } from "@/platform/use-write";
import { couponKeys, editable, type RuleDetail, type RuleKind, ruleDetailQuery, useRuleDetail } from "./coupon.api";

const FORM = "coupon";
const TIME = "YYYY-MM-DD HH:mm";

export interface RuleValues {
  name: string;
  description?: string;
  regCode?: string;
  exchangeCode?: string;
  discountType: DiscountType;
  amount?: number | null;
  percentOff?: number | null;
  maxDiscount?: number | null;
  minSpend?: number | null;
  validityType: ValidityType;
  validFrom?: Dayjs | null;
  validTo?: Dayjs | null;
  validDays?: number | null;
  totalQuantity?: number | null;
  perMemberLimit?: number | null;
  goodsScope: GoodsScope;
  goodsIds: string[];
}

/** The kind of the screen's rules: exchange vouchers live under `paths.ruleList("exchange")`. */
export const kindOfPath = (path: string): RuleKind =>
  path.startsWith(paths.ruleList("exchange")) ? "exchange" : path.startsWith(paths.ruleList("card")) ? "card" : "coupon";

const cents = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? 0 : centsOf(yuan));

/** Form values → the add or update call's input (money typed in yuan, sent in cents; times as UTC instants). */
export function ruleInputOf(kind: RuleKind, v: RuleValues) {
  return {
    kind,
    name: v.name ?? "",
    description: v.description ?? "",
    regCode: v.regCode?.trim() || undefined,
    exchangeCode: kind === "exchange" ? v.exchangeCode?.trim() || undefined : undefined,
    discountType: v.discountType,
    amount: v.discountType === "percent" ? 0 : cents(v.amount),
    percentOff: v.discountType === "percent" ? (v.percentOff ?? 0) : 0,
    maxDiscount: v.discountType === "percent" ? cents(v.maxDiscount) : 0,
    minSpend: cents(v.minSpend),
    validityType: v.validityType,
    validFrom: v.validityType === "fixed" && v.validFrom ? v.validFrom.toISOString() : undefined,
    validTo: v.validityType === "fixed" && v.validTo ? v.validTo.toISOString() : undefined,
    validDays: v.validityType === "days" ? (v.validDays ?? undefined) : undefined,
    totalQuantity: v.totalQuantity ?? 0,
    perMemberLimit: v.perMemberLimit ?? 1,
    goodsScope: v.goodsScope,
    goodsIds: v.goodsScope === "goods" ? v.goodsIds : [],
  };
}

export function ruleValuesOf(r: RuleDetail): RuleValues {
  return {
    name: r.name,
    description: r.description,
    regCode: r.regCode,
    exchangeCode: r.exchangeCode ?? undefined,
    discountType: r.discountType,
    amount: yuanOf(r.amount),
    percentOff: r.percentOff,
    maxDiscount: yuanOf(r.maxDiscount),
    minSpend: yuanOf(r.minSpend),
    validityType: r.validityType,
    validFrom: r.validFrom ? dayjs(r.validFrom) : null,
    validTo: r.validTo ? dayjs(r.validTo) : null,
    validDays: r.validDays,
    totalQuantity: r.totalQuantity,
    perMemberLimit: r.perMemberLimit,
    goodsScope: r.goodsScope,
    goodsIds: r.goodsIds,
  };
}

const emptyRule = (): RuleValues => ({
  name: "",
  discountType: "amount",
  amount: null,
  percentOff: null,
  maxDiscount: 0,
  minSpend: 0,
  validityType: "fixed",
  validFrom: dayjs().startOf("minute"),
  validTo: dayjs().add(30, "day").endOf("day").startOf("minute"),
  validDays: 7,
  totalQuantity: 100,
  perMemberLimit: 1,
  goodsScope: "all",
  goodsIds: [],
});

/** The saved rule (`?regCode=` on the update paths), started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  const regCode = search.get("regCode");
  if (regCode) void client.prefetchQuery(ruleDetailQuery(regCode));
};

/**
 * `paths.ruleAdd("coupon")`, `paths.ruleUpdate("coupon", regCode)` and the same under `paths.ruleList("exchange")`: one form for a
 * new or a saved rule (an exchange voucher also has its exchange code). An active rule keeps what its buyers
 * received: only its name, description and total quantity can change (the server refuses the rest).
 */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const kind = kindOfPath(pathname);
  const updating = editable(kind) && pathname === paths.ruleUpdate(kind);
  const regCode = updating ? (params.get("regCode") ?? "") : "";
  const detail = useRuleDetail(regCode);
  if (!updating) return <RuleForm kind={kind} saved={null} />;
  if (!regCode) return <LoadFailed title={t("coupon.loadFailed")} error={detail.error} onRetry={() => void detail.refetch()} />;
  return (
    <QueryState query={detail} failed={t("coupon.loadFailed")}>
      {(d) => <RuleForm key={regCode} kind={kind} saved={d} />}
    </QueryState>
  );
}

function RuleForm({ kind, saved }: { kind: RuleKind; saved: RuleDetail | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(couponKeys.all);
  const [form] = Form.useForm<RuleValues>();
  const [picking, setPicking] = useState(false);
  const discountType = (Form.useWatch("discountType", form) as DiscountType | undefined) ?? saved?.discountType ?? "amount";
  const validityType = (Form.useWatch("validityType", form) as ValidityType | undefined) ?? saved?.validityType ?? "fixed";
  const goodsScope = (Form.useWatch("goodsScope", form) as GoodsScope | undefined) ?? saved?.goodsScope ?? "all";
  const goodsIds = (Form.useWatch("goodsIds", form) as string[] | undefined) ?? saved?.goodsIds ?? [];
  const active = saved?.state === "active";
  const locked = active;
  const list = paths.ruleList(kind);
  const required = (field: string) => [{ required: true, message: t("form.required", { field }) }];

  return (
    <>
      <PageHeader title={saved ? t("coupon.editTitle", { name: saved.name }) : t(`coupon.addTitle.${kind}`)} />
      {active ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t("coupon.form.activeNote")} /> : null}
      <ContractForm<Call, RuleValues>
        name={FORM}
        entry={saved ? contract.coupon.updCoupRegular : contract.coupon.addCoupRegular}
        form={form}
        initialValues={saved ? ruleValuesOf(saved) : emptyRule()}
        toInput={(v) => ({ ...ruleInputOf(kind, v), ...(saved ? { id: saved.id, regCode: saved.regCode } : {}) })}
        submitText={t("coupon.form.save")}
        draft={{ key: saved ? `coupon.update:${saved.id}` : `coupon.add:${kind}` }}
        onCancel={() => navigate(list)}
        onSuccess={async (output) => {
          await write.done(t("coupon.done.saved", { name: (output as { name: string }).name }));
          navigate(list);
        }}
      >
        <Card title={t("coupon.form.basics")} style={{ marginBottom: 16 }}>
          <Form.Item name="name" label={t("coupon.form.name")} rules={required(t("coupon.form.name"))}>
            <TextInput maxLength={60} />
          </Form.Item>
          <Form.Item name="description" label={t("coupon.form.description")}>
            <TextArea maxLength={500} rows={2} />
          </Form.Item>
          <Form.Item name="regCode" label={t("coupon.form.regCode")} extra={t("coupon.form.regCodeHelp")}>
            <TextInput maxLength={32} disabled={!!saved} />
          </Form.Item>
          {kind === "exchange" ? (
            <Form.Item
              name="exchangeCode"
              label={t("coupon.form.exchangeCode")}
              extra={t("coupon.form.exchangeCodeHelp")}
              rules={required(t("coupon.form.exchangeCode"))}
            >
              <TextInput maxLength={20} disabled={locked} />
            </Form.Item>
          ) : null}
        </Card>
        <Card title={t("coupon.form.discount")} style={{ marginBottom: 16 }}>
          <Form.Item name="discountType" label={t("coupon.form.discountType")}>
            <Radio.Group disabled={locked} options={discountTypes.map((value) => ({ value, label: t(`coupon.discountType.${value}`) }))} />
          </Form.Item>
          {discountType === "percent" ? (
            <Space wrap size="large">
              <Form.Item name="percentOff" label={t("coupon.form.percentOff")} rules={required(t("coupon.form.percentOff"))}>
                <InputNumber min={1} max={99} precision={0} disabled={locked} />
              </Form.Item>
              <Form.Item name="maxDiscount" label={t("coupon.form.maxDiscount")}>
                <InputNumber min={0} precision={2} disabled={locked} />
              </Form.Item>
            </Space>
          ) : (
            <Form.Item name="amount" label={t("coupon.form.amount")} rules={required(t("coupon.form.amount"))}>
              <InputNumber min={0.01} precision={2} disabled={locked} />
            </Form.Item>
          )}
          <Form.Item name="minSpend" label={t("coupon.form.minSpend")} extra={t("coupon.form.minSpendHelp")}>
            <InputNumber min={0} precision={2} disabled={locked} />
          </Form.Item>
        </Card>
        <Card title={t("coupon.form.validity")} style={{ marginBottom: 16 }}>
          <Form.Item name="validityType" label={t("coupon.form.validityType")}>
            <Radio.Group
              disabled={locked}
              options={[
                { value: "fixed", label: t("coupon.form.validityFixed") },
                { value: "days", label: t("coupon.form.validityDays") },
              ]}
            />
          </Form.Item>
          {validityType === "fixed" ? (
            <Space wrap size="large">
              <Form.Item name="validFrom" label={t("coupon.form.validFrom")} rules={required(t("coupon.form.validFrom"))}>
                <DatePicker showTime={{ format: "HH:mm" }} format={TIME} disabled={locked} />
              </Form.Item>
              <Form.Item name="validTo" label={t("coupon.form.validTo")} rules={required(t("coupon.form.validTo"))}>
                <DatePicker showTime={{ format: "HH:mm" }} format={TIME} disabled={locked} />
              </Form.Item>
            </Space>
          ) : (
            <Form.Item name="validDays" label={t("coupon.form.validDays")} rules={required(t("coupon.form.validDays"))}>
              <InputNumber min={1} max={contract.MAX_VALID_DAYS} precision={0} disabled={locked} />
            </Form.Item>
          )}
        </Card>
        <Card title={t("coupon.form.quantities")} style={{ marginBottom: 16 }}>
          <Space wrap size="large">
            <Form.Item name="totalQuantity" label={t("coupon.form.totalQuantity")} rules={required(t("coupon.form.totalQuantity"))}>
              <InputNumber min={1} max={contract.MAX_COUPON_QUANTITY} precision={0} />
            </Form.Item>
            <Form.Item name="perMemberLimit" label={t("coupon.form.perMemberLimit")} rules={required(t("coupon.form.perMemberLimit"))}>
              <InputNumber min={1} max={100} precision={0} disabled={locked} />
            </Form.Item>
          </Space>
          <Form.Item name="goodsScope" label={t("coupon.form.goodsScope")}>
            <Select
              style={{ maxWidth: 240 }}
              disabled={locked}
              options={[
                { value: "all", label: t("coupon.form.scopeAll") },
                { value: "goods", label: t("coupon.form.scopeGoods") },
              ]}
            />
          </Form.Item>
          <Form.Item name="goodsIds" hidden>
            <Select mode="multiple" />
          </Form.Item>
          {goodsScope === "goods" ? (
            <Space>
              <Button onClick={() => setPicking(true)} disabled={locked}>
                {t("coupon.form.chooseGoods")}
              </Button>
              <Typography.Text type="secondary">{t("coupon.form.chosenGoods", { count: goodsIds.length })}</Typography.Text>
            </Space>
          ) : null}
        </Card>
      </ContractForm>
      <GoodsPickerModal
        open={picking}
        title={t("coupon.form.pickerTitle")}
        exclude={new Set(goodsIds)}
        max={Math.max(1, contract.MAX_COUPON_GOODS - goodsIds.length)}
        onCancel={() => setPicking(false)}
        onPick={async (ids) => {
          form.setFieldValue("goodsIds", [...goodsIds, ...ids]);
          setPicking(false);
        }}
      />
    </>
  );
}
