import type { InputOf, OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/shop";
import { AFTER_SALE_AUTO_APPROVE_DAYS, AUTO_CLOSE_MINUTES, AUTO_CONFIRM_DAYS, NOTICE_MAX } from "@sbo/contract/shop";
import { App, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ClockPicker } from "@/components/clock-picker";
import { ContractForm } from "@/components/form";
import { TextArea } from "@/components/text-input";
import { FileUpload, type UploadValue } from "@/components/upload";
import { useHolds } from "@/platform/use-holds";
import { useShopChanged } from "./shop.api";

type Settings = OutputOf<typeof contract.shop.selShopSettingByShopId>;
type SaveInput = InputOf<typeof contract.shop.addOrUpdShopSettingByShopId>;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
type Weekday = (typeof WEEKDAYS)[number];

interface Values extends Omit<SaveInput, "shopId" | "businessHours" | "logoFileId"> {
  hoursMode: "allDay" | "weekly";
  days: Record<Weekday, { on: boolean; open: string; close: string }>;
  logoFileId: UploadValue | null;
}

function toValues(s: Settings): Values {
  const weekly = s.businessHours.mode === "weekly" ? s.businessHours.days : [];
  const days = Object.fromEntries(
    WEEKDAYS.map((d) => {
      const day = weekly.find((x) => x.weekday === d);
      return [d, { on: Boolean(day) || s.businessHours.mode === "allDay", open: day?.open ?? "08:00", close: day?.close ?? "20:00" }];
    }),
  ) as Values["days"];
  const { shopId: _, businessHours: __, logo, updatedAt: ___, ...rest } = s;
  return { ...rest, hoursMode: s.businessHours.mode, days, logoFileId: logo };
}

const toInput =
  (shopId: string) =>
  (v: Values): SaveInput => {
    const { hoursMode, days, logoFileId, ...rest } = v;
    return {
      ...rest,
      shopId,
      logoFileId: logoFileId?.id ?? null,
      businessHours:
        hoursMode === "allDay"
          ? { mode: "allDay" }
          : {
              mode: "weekly",
              days: WEEKDAYS.filter((d) => days[d].on).map((d) => ({ weekday: d, open: days[d].open, close: days[d].close })),
            },
    };
  };

/** The IANA zones the browser knows (the shop's own first if it is not among them). */
function timeZoneOptions(current: string) {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const all = zones.includes(current) ? zones : [current, ...zones];
  return all.map((z) => ({ value: z, label: z }));
}

/** The settings tab of `paths.shopSetting()`: read-only without shop.setting.edit. */
export function ShopSettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const changed = useShopChanged();
  const canEdit = useHolds("shop.setting.edit");
  const hoursMode = Form.useWatch("hoursMode", form) ?? settings.businessHours.mode;
  const s = (key: Parameters<typeof settingsKey>[0]) => t(settingsKey(key));

  return (
    <ContractForm<typeof contract.shop.addOrUpdShopSettingByShopId, Values>
      entry={contract.shop.addOrUpdShopSettingByShopId}
      form={form}
      initialValues={toValues(settings)}
      draft={{ key: `shop.settings:${settings.shopId}` }}
      toInput={toInput(settings.shopId)}
      disabled={!canEdit}
      onSuccess={async () => {
        await changed();
        void message.success(t("shop.settings.saved"));
      }}
      submitText={t("common.save")}
      style={{ maxWidth: 720 }}
    >
      {settings.updatedAt ? null : <Typography.Paragraph type="secondary">{s("neverSaved")}</Typography.Paragraph>}
      <Form.Item name="hoursMode" label={s("hours")}>
        <Radio.Group
          options={[
            { value: "allDay", label: s("allDay") },
            { value: "weekly", label: s("weekly") },
          ]}
        />
      </Form.Item>
      {hoursMode === "weekly" ? (
        <fieldset className="weekly-hours" aria-label={s("hours")}>
          {WEEKDAYS.map((d) => {
            const day = t(`shop.settings.weekdays.d${d}`);
            return (
              <Space key={d} align="baseline" wrap>
                <Form.Item name={["days", d, "on"]} valuePropName="checked" style={{ minWidth: 160 }}>
                  <Checkbox>{t("shop.settings.openDay", { day })}</Checkbox>
                </Form.Item>
                <Form.Item name={["days", d, "open"]}>
                  <ClockPicker aria-label={t("shop.settings.openTime", { day })} />
                </Form.Item>
                <Form.Item name={["days", d, "close"]}>
                  <ClockPicker aria-label={t("shop.settings.closeTime", { day })} />
                </Form.Item>
              </Space>
            );
          })}
        </fieldset>
      ) : null}
      <Form.Item name="acceptingOrders" label={s("acceptingOrders")} valuePropName="checked" extra={s("acceptingHelp")}>
        <Switch />
      </Form.Item>
      <Form.Item
        name="contactPhone"
        label={t("shop.fields.contactPhone")}
        rules={[{ required: true, message: t("form.required", { field: t("shop.fields.contactPhone") }) }]}
      >
        <Input inputMode="tel" maxLength={11} />
      </Form.Item>
      <Form.Item
        name="servicePhone"
        label={t("shop.fields.servicePhone")}
        rules={[{ required: true, message: t("form.required", { field: t("shop.fields.servicePhone") }) }]}
      >
        <Input inputMode="tel" maxLength={20} />
      </Form.Item>
      <Form.Item name="logoFileId" label={t("shop.fields.logo")}>
        <FileUpload purpose="shopLogo" image accept="image/*" limits={{ accept: ["image"], maxKb: 2048 }} />
      </Form.Item>
      <Form.Item name="notice" label={s("notice")} extra={s("noticeHelp")}>
        <TextArea maxLength={NOTICE_MAX} rows={3} />
      </Form.Item>
      <Form.Item name="autoConfirmDays" label={s("autoConfirmDays")}>
        <InputNumber min={AUTO_CONFIRM_DAYS.min} max={AUTO_CONFIRM_DAYS.max} precision={0} />
      </Form.Item>
      <Form.Item name="autoCloseMinutes" label={s("autoCloseMinutes")}>
        <InputNumber min={AUTO_CLOSE_MINUTES.min} max={AUTO_CLOSE_MINUTES.max} precision={0} />
      </Form.Item>
      <Form.Item name="afterSaleAutoApproveDays" label={s("afterSaleAutoApproveDays")} extra={s("afterSaleAutoApproveHelp")}>
        <InputNumber min={AFTER_SALE_AUTO_APPROVE_DAYS.min} max={AFTER_SALE_AUTO_APPROVE_DAYS.max} precision={0} />
      </Form.Item>
      <Form.Item name="invoice" label={s("invoice")}>
        <Select options={(["none", "ordinary", "vat"] as const).map((v) => ({ value: v, label: t(`shop.settings.invoices.${v}`) }))} />
      </Form.Item>
      <Form.Item name="selfPickup" label={s("selfPickup")} valuePropName="checked" extra={s("selfPickupHelp")}>
        <Switch />
      </Form.Item>
      <Form.Item name="timeZone" label={s("timeZone")} extra={s("timeZoneHelp")}>
        <Select showSearch={{ optionFilterProp: "label" }} options={timeZoneOptions(settings.timeZone)} />
      </Form.Item>
    </ContractForm>
  );
}

type SettingsKey =
  | "hours"
  | "allDay"
  | "weekly"
  | "acceptingOrders"
  | "acceptingHelp"
  | "notice"
  | "noticeHelp"
  | "autoConfirmDays"
  | "autoCloseMinutes"
  | "afterSaleAutoApproveDays"
  | "afterSaleAutoApproveHelp"
  | "invoice"
  | "selfPickup"
  | "selfPickupHelp"
  | "timeZone"
  | "timeZoneHelp"
  | "neverSaved";
const settingsKey = (key: SettingsKey) => `shop.settings.${key}` as const;
