import * as contract from "@sbo/contract/coupon";
import { MAX_POOL_CARDS } from "@sbo/contract/coupon";
import { useQuery } from "@tanstack/react-query";
import { Card, Form, InputNumber, Select } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ContractForm } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { TextInput } from "@/components/text-input";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useWrite } from "@/platform/use-write";
import { cardRulesQuery, couponKeys } from "./coupon.api";

type PoolValues = { ruleId?: string; name: string; quantity?: number | null };

/** The form's rule choices, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => void client.prefetchQuery(cardRulesQuery());

/** `paths.poolAdd()` (`marketing.cardPool`): generate a pool of cards for a password-card coupon. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const write = useWrite(couponKeys.all);
  const [form] = Form.useForm<PoolValues>();
  const rules = useQuery(cardRulesQuery());
  return (
    <>
      <PageHeader title={t("coupon.pool.addTitle")} />
      <ContractForm<typeof contract.cardPool.addCouponCardPoolRegular, PoolValues>
        name="card-pool"
        entry={contract.cardPool.addCouponCardPoolRegular}
        form={form}
        initialValues={{ name: "", quantity: 100 }}
        draft={{ key: "card-pool.add" }}
        toInput={(v) => ({ ruleId: v.ruleId ?? "", name: v.name ?? "", quantity: v.quantity ?? 0 })}
        submitText={t("coupon.pool.form.save")}
        onCancel={() => navigate(paths.poolList())}
        onSuccess={async (output) => {
          await write.done(t("coupon.pool.done.added", { name: output.name }));
          navigate(paths.poolList());
        }}
      >
        <Card>
          <Form.Item
            name="ruleId"
            label={t("coupon.pool.form.rule")}
            extra={t("coupon.pool.form.ruleHelp")}
            rules={[{ required: true, message: t("form.required", { field: t("coupon.pool.form.rule") }) }]}
          >
            <Select
              loading={rules.isPending}
              options={(rules.data?.list ?? [])
                .filter((r) => r.state !== "ended")
                .map((r) => ({ value: r.id, label: `${r.name} (${r.regCode})` }))}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t("coupon.pool.form.name")}
            rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("coupon.pool.form.name") }) }]}
          >
            <TextInput maxLength={60} />
          </Form.Item>
          <Form.Item
            name="quantity"
            label={t("coupon.pool.form.quantity")}
            extra={t("coupon.pool.form.quantityHelp", { max: MAX_POOL_CARDS })}
          >
            <InputNumber min={1} max={MAX_POOL_CARDS} precision={0} />
          </Form.Item>
        </Card>
      </ContractForm>
    </>
  );
}
