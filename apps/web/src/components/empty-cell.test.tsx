import { render, screen } from "@testing-library/react";
import { Table } from "antd";
import { describe, expect, it } from "vitest";
import { EMPTY, isBlank, orEmpty, withEmptyCells } from "./empty-cell";

interface Row {
  id: string;
  name: string;
  phone: string | null;
  remark: string;
  tags: string[];
}

describe("empty cells", () => {
  it("every blank value (null, undefined, empty or blank text, false, an empty list) is blank; 0 is not", () => {
    for (const v of [null, undefined, "", "  ", false, []]) expect(isBlank(v)).toBe(true);
    for (const v of [0, "a", ["x"], true]) expect(isBlank(v)).toBe(false);
    expect(orEmpty(null)).toBe(EMPTY);
    expect(orEmpty(0)).toBe(0);
  });

  it("a list shows '—' in every blank cell, whether the column renders its value or not", () => {
    render(
      <Table<Row>
        rowKey="id"
        pagination={false}
        dataSource={[{ id: "1", name: "Ada", phone: null, remark: "", tags: [] }]}
        columns={withEmptyCells<Row>([
          { title: "Name", dataIndex: "name" },
          { title: "Phone", dataIndex: "phone" },
          { title: "Remark", dataIndex: "remark", render: (v: string) => v },
          { title: "Tags", dataIndex: "tags", render: (v: string[]) => v.map((t) => <span key={t}>{t}</span>) },
          { title: "Count", key: "count", render: () => 0 },
        ])}
      />,
    );
    const cells = screen.getAllByRole("cell").map((c) => c.textContent);
    expect(cells).toEqual(["Ada", EMPTY, EMPTY, EMPTY, "0"]);
  });
});
