import { PlusOutlined } from "@ant-design/icons";
import type { AddressItem, AddressType } from "@sbo/contract/address";
import * as contract from "@sbo/contract/address";
import { addressTypes } from "@sbo/contract/address";
import { Button, Form, Input, InputNumber, Space, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AreaCascader } from "@/components/area-cascader";
import { ClockPicker } from "@/components/clock-picker";
import { FormDrawer } from "@/components/form-drawer";
import { ListPage } from "@/components/list-page";
import { PointMapField } from "@/components/map/point-field";
import { actionsColumn } from "@/components/row-actions";
import { TextArea, TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { queryKeys } from "@/platform/query-keys";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";

export const addressKeys = queryKeys("address");

interface Values {
  contactName: string;
  phone: string;
  area: string[];
  detail: string;
  postcode?: string;
  latitude?: number | null;
  longitude?: number | null;
  openTime?: string | null;
  closeTime?: string | null;
}

/** The editable fields as both calls take them. */
const fieldsOf = (v: Values) => ({
  contactName: v.contactName ?? "",
  phone: v.phone ?? "",
  provinceCode: v.area?.[0] ?? "",
  cityCode: v.area?.[1] ?? "",
  districtCode: v.area?.[2] ?? null,
  detail: v.detail ?? "",
  postcode: v.postcode?.trim() || null,
  latitude: v.latitude ?? null,
  longitude: v.longitude ?? null,
  openTime: v.openTime || null,
  closeTime: v.closeTime || null,
});

const valuesOf = (a: AddressItem): Values => ({
  contactName: a.contactName,
  phone: a.phone,
  area: [a.provinceCode, a.cityCode, ...(a.districtCode ? [a.districtCode] : [])],
  detail: a.detail,
  postcode: a.postcode ?? "",
  latitude: a.latitude,
  longitude: a.longitude,
  openTime: a.openTime,
  closeTime: a.closeTime,
});

export const areaText = (a: AddressItem, lang = currentLanguage()) =>
  a.areaPath.map((p) => (lang === "zh" ? p.name : p.nameEn)).join(" / ");

function AddressFields({ type }: { type: AddressType }) {
  const { t } = useTranslation();
  const required = (label: string) => [{ required: true, message: t("form.required", { field: label }) }];
  return (
    <>
      <Form.Item name="contactName" label={t("address.contactName")} rules={required(t("address.contactName"))}>
        <TextInput maxLength={50} autoComplete="name" />
      </Form.Item>
      <Form.Item name="phone" label={t("address.phone")} extra={t("address.phoneHelp")} rules={required(t("address.phone"))}>
        <Input maxLength={20} inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="area" label={t("address.area")} rules={required(t("address.area"))}>
        <AreaCascader />
      </Form.Item>
      <Form.Item name="detail" label={t("address.detail")} rules={required(t("address.detail"))}>
        <TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="postcode" label={t("address.postcode")}>
        <Input maxLength={6} inputMode="numeric" autoComplete="postal-code" />
      </Form.Item>
      {type === "pickup" ? (
        <>
          <Space wrap>
            <Form.Item name="openTime" label={t("address.openTime")} rules={required(t("address.openTime"))}>
              <ClockPicker minuteStep={5} />
            </Form.Item>
            <Form.Item name="closeTime" label={t("address.closeTime")} rules={required(t("address.closeTime"))}>
              <ClockPicker minuteStep={5} />
            </Form.Item>
          </Space>
          <Space wrap>
            <Form.Item name="latitude" label={t("address.latitude")}>
              <InputNumber min={-90} max={90} step={0.0001} />
            </Form.Item>
            <Form.Item name="longitude" label={t("address.longitude")}>
              <InputNumber min={-180} max={180} step={0.0001} />
            </Form.Item>
          </Space>
          <PickupPointMap />
        </>
      ) : null}
    </>
  );
}

/**
 * The pickup point on a map, bound to the latitude and longitude fields above it (which stay, for typing):
 * click, drag the marker, locate-me or search a place. The map's code loads only when the drawer opens.
 */
function PickupPointMap() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const latitude = Form.useWatch("latitude", form);
  const longitude = Form.useWatch("longitude", form);
  const point = typeof latitude === "number" && typeof longitude === "number" ? { lat: latitude, lng: longitude } : null;
  return (
    <Form.Item label={t("address.pickOnMap")} extra={t("address.pickOnMapHelp")}>
      <PointMapField
        label={t("address.pickOnMap")}
        value={point}
        onChange={(p) => {
          const round = (n: number) => Math.round(n * 1e6) / 1e6;
          form.setFieldsValue({ latitude: p ? round(p.lat) : null, longitude: p ? round(p.lng) : null });
        }}
      />
    </Form.Item>
  );
}

/** Add (no `editing`) or edit an address of one type, in a drawer. */
function AddressDrawer({ type, editing, onClose }: { type: AddressType; editing: AddressItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDrawer
      name={`address-${type}`}
      draft={{ key: `address-${type}:${editing?.id ?? "new"}` }}
      title={editing ? t("address.editTitle") : t(`address.addTitle.${type}`)}
      size={type === "pickup" ? 640 : undefined}
      onClose={onClose}
      add={{ entry: contract.address.addAddr, toInput: (v: Values) => ({ type, ...fieldsOf(v) }) }}
      update={editing && { entry: contract.address.updAddrById, toInput: (v: Values) => ({ id: editing.id, ...fieldsOf(v) }) }}
      initialValues={editing ? valuesOf(editing) : undefined}
      invalidate={addressKeys.lists()}
      savedMessage={t("address.saved")}
    >
      <AddressFields type={type} />
    </FormDrawer>
  );
}

function AddressList({ type, canEdit }: { type: AddressType; canEdit: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AddressItem | "new" | null>(null);
  const refresh = useWrite(addressKeys.lists()).done;

  const makeDefault = async (a: AddressItem) => {
    await call(contract.address.updDefaultAddr, { id: a.id });
    await refresh(t("address.defaultSet"));
  };
  const remove = async (a: AddressItem) => {
    await call(contract.address.delAddrById, { id: a.id });
    await refresh(t("address.deleted"));
  };

  const columns: ColumnsType<AddressItem> = [
    {
      key: "contact",
      title: t("address.contact"),
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <Space>
            <Typography.Text strong>{a.contactName}</Typography.Text>
            {a.isDefault ? <Tag>{t("address.isDefault")}</Tag> : null}
          </Space>
          <Typography.Text>{a.phone}</Typography.Text>
        </Space>
      ),
    },
    {
      key: "address",
      title: t("address.detail"),
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{areaText(a)}</Typography.Text>
          <Typography.Text>
            {a.detail}
            {a.postcode ? ` (${a.postcode})` : ""}
          </Typography.Text>
        </Space>
      ),
    },
    ...(type === "pickup"
      ? [
          {
            key: "hours",
            title: t("address.hours"),
            render: (_: unknown, a: AddressItem) => (a.openTime || a.closeTime ? `${a.openTime ?? ""}–${a.closeTime ?? ""}` : null),
          },
        ]
      : []),
    ...actionsColumn<AddressItem>({
      title: t("address.actions"),
      show: canEdit,
      actions: (a) => [
        !a.isDefault && { key: "default", label: t("address.setDefault"), onClick: () => makeDefault(a) },
        { key: "edit", label: t("address.edit"), ariaLabel: `${t("address.edit")}: ${a.contactName}`, onClick: () => setEditing(a) },
        {
          key: "delete",
          label: t("address.delete"),
          ariaLabel: `${t("address.delete")}: ${a.contactName}`,
          danger: true,
          confirm: { title: t("address.confirmDelete"), description: a.isDefault ? t("address.confirmDeleteDefault") : undefined },
          onClick: () => remove(a),
        },
      ],
    }),
  ];

  const addButton = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
      {t(`address.addTitle.${type}`)}
    </Button>
  ) : null;

  return (
    <>
      <ListPage<AddressItem>
        variant="section"
        title={t(`address.types.${type}`)}
        extra={<Typography.Text type="secondary">{t(`address.typeHelp.${type}`)}</Typography.Text>}
        entry={contract.address.selAddrListPage}
        toFilters={() => ({ type })}
        queryKey={addressKeys.lists()}
        paramPrefix={`${type}.`}
        columns={columns}
        rowKey="id"
        toolbar={addButton}
        empty={{ description: t(`address.empty.${type}`), action: addButton }}
      />
      {editing ? <AddressDrawer type={type} editing={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

/**
 * The shop's shipping, return and pickup addresses: one list per type with its default marked, add and
 * edit in a modal, delete, make default. Reading needs shop.setting; changing needs shop.setting.address.
 */
export function AddressPanel() {
  const canEdit = useHolds("shop.setting.address");
  return (
    <div className="address-panel">
      {addressTypes.map((type) => (
        <AddressList key={type} type={type} canEdit={canEdit} />
      ))}
    </div>
  );
}
