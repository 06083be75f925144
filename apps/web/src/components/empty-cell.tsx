import type { ColumnGroupType, ColumnsType, ColumnType } from "antd/es/table";
import type { ReactNode } from "react";

/** What every list shows in a cell that has nothing: one dash, the same on every screen. */
export const EMPTY = "—";

/** Whether a cell's value (or what its render gave) shows nothing. */
export const isBlank = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === false ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);

/** The value, or the dash when it is blank. */
export function orEmpty<T>(value: T): T | typeof EMPTY {
  return isBlank(value) ? EMPTY : value;
}

/**
 * The columns with every blank cell shown as "—": a column without a render shows its value or the
 * dash; a column with one shows the dash where the render gives nothing. ListPage and QueryTable apply
 * it, so no list decides its own empty cells.
 */
export function withEmptyCells<Row>(columns: ColumnsType<Row>): ColumnsType<Row> {
  return columns.map((column): ColumnGroupType<Row> | ColumnType<Row> => {
    if ("children" in column && column.children) return { ...column, children: withEmptyCells(column.children) };
    const render = (column as ColumnType<Row>).render;
    return {
      ...column,
      render: (value: unknown, row: Row, index: number) => {
        const shown = render ? render(value, row, index) : (value as ReactNode);
        return isBlank(shown) ? EMPTY : shown;
      },
    };
  });
}
