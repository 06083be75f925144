// The antd floor page of the bundle budgets (bundle-budget.test.ts builds it in the same run as the app): React, an antd
// ConfigProvider with the app's theme, one Button, one Input and one Table — the least a back-office screen drawn with
// antd can load (docs/decisions.md, "Bundle budgets"). Not part of the app; never served.
import { Button, ConfigProvider, Input, Table } from "antd";
import { createRoot } from "react-dom/client";
import { theme } from "../src/app/theme.ts";

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <ConfigProvider theme={theme}>
      <Input aria-label="Name" />
      <Button type="primary">Search</Button>
      <Table rowKey="id" columns={[{ title: "Name", dataIndex: "name" }]} dataSource={[{ id: 1, name: "Fuji apples" }]} />
    </ConfigProvider>,
  );
