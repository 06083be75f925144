import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { Button, Popconfirm, Space } from "antd";
import { useTranslation } from "react-i18next";

/** A row's Edit and Delete buttons (named after the row for screen readers); Delete asks first. */
export function EditDeleteActions(props: {
  edit: string;
  editLabel: string;
  onEdit: () => void;
  remove: string;
  removeLabel: string;
  confirm: string;
  onRemove: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button size="small" icon={<EditOutlined />} aria-label={props.editLabel} onClick={props.onEdit}>
        {props.edit}
      </Button>
      <Popconfirm
        title={props.confirm}
        okText={t("common.yes")}
        cancelText={t("common.no")}
        okButtonProps={{ danger: true }}
        onConfirm={props.onRemove}
      >
        <Button size="small" danger icon={<DeleteOutlined />} aria-label={props.removeLabel}>
          {props.remove}
        </Button>
      </Popconfirm>
    </Space>
  );
}
