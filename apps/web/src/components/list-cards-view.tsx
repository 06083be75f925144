import "./list-cards.css";
import { Checkbox, Pagination, type PaginationProps, Spin, type TableProps } from "antd";
import type { ColumnGroupType, ColumnType } from "antd/es/table";
import { type Key, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import type { ListTableProps } from "./list-cards";

type Column<Row> = ColumnType<Row>;

/** The leaf columns, in order (a group's title is not a field). */
function leaves<Row>(columns: readonly (Column<Row> | ColumnGroupType<Row>)[]): Column<Row>[] {
  return columns.flatMap((c) => ("children" in c && c.children ? leaves(c.children) : [c as Column<Row>]));
}

const nameOf = <Row,>(c: Column<Row>): string =>
  String(c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join(".") : (c.dataIndex ?? "")));
const isActions = <Row,>(c: Column<Row>) => c.key === "actions" || String(c.className ?? "").includes("row-actions-cell");
const isStatus = <Row,>(c: Column<Row>) => /^(status|state)$/i.test(nameOf(c));
/** The main date and amount of a row come right after its identity and status. */
const isMain = <Row,>(c: Column<Row>) => /(amount|price|total)$/i.test(nameOf(c)) || /(At|Time|Date)$|^(date|time)$/.test(nameOf(c));

function valueAt(row: object, dataIndex: Column<object>["dataIndex"]): unknown {
  if (dataIndex === undefined || dataIndex === null || dataIndex === "") return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k as string] : undefined), row);
}

function cell<Row extends object>(c: Column<Row>, row: Row, index: number): ReactNode {
  const value = valueAt(row, c.dataIndex as Column<object>["dataIndex"]);
  return (c.render ? c.render(value, row, index) : value) as ReactNode;
}

const titleOf = <Row,>(c: Column<Row>): ReactNode => (typeof c.title === "function" ? c.title({}) : c.title);

/**
 * What a list's columns become on a card: the identity (the first column), the status, the main amount and date,
 * the other columns in order, and the actions column's links as the card's buttons.
 */
export function cardLayout<Row>(columns: readonly (Column<Row> | ColumnGroupType<Row>)[]) {
  const shown = leaves(columns).filter((c) => !c.hidden);
  const actions = shown.find(isActions);
  const rest = shown.filter((c) => !isActions(c));
  const status = rest.find(isStatus);
  const identity = rest.find((c) => c !== status);
  const others = rest.filter((c) => c !== status && c !== identity);
  return { identity, status, fields: [...others.filter(isMain), ...others.filter((c) => !isMain(c))], actions };
}

const keyOf = <Row,>(rowKey: TableProps<Row>["rowKey"], row: Row, index: number): Key => {
  if (typeof rowKey === "function") return rowKey(row, index) as Key;
  if (typeof rowKey === "string") return (row as Record<string, Key>)[rowKey] as Key;
  return index;
};

/** One card per row (list-cards.tsx, ListTable): loaded the first time a list is shown below the tablet width. */
export default function ListCards<Row extends object>({
  label,
  columns = [],
  dataSource = [],
  rowKey,
  rowSelection,
  pagination,
  loading,
  locale,
}: ListTableProps<Row>) {
  const { t } = useTranslation();
  const baseId = useId();
  const layout = cardLayout(columns);
  const rows = [...dataSource];
  const keys = rows.map((row, i) => keyOf(rowKey, row, i));
  const chosen = new Set(rowSelection?.selectedRowKeys ?? []);
  const choose = (next: Set<Key>) => {
    const nextKeys = [...next];
    rowSelection?.onChange?.(
      nextKeys,
      rows.filter((_, i) => next.has(keys[i] as Key)),
      { type: "multiple" },
    );
  };
  const allOnPage = keys.length > 0 && keys.every((k) => chosen.has(k));
  const someOnPage = keys.some((k) => chosen.has(k));
  const empty = locale?.emptyText;

  return (
    <div className="list-cards">
      {rowSelection && rows.length > 0 ? (
        <Checkbox
          className="list-cards-select-all"
          checked={allOnPage}
          indeterminate={someOnPage && !allOnPage}
          onChange={(e) => {
            const next = new Set(chosen);
            for (const k of keys) {
              if (e.target.checked) next.add(k);
              else next.delete(k);
            }
            choose(next);
          }}
        >
          {t("list.selectPage")}
        </Checkbox>
      ) : null}
      <Spin spinning={Boolean(loading)}>
        {rows.length === 0 ? (
          <div className="list-cards-empty">{typeof empty === "function" ? empty() : empty}</div>
        ) : (
          <ul className="list-cards-list" aria-label={label}>
            {rows.map((row, index) => {
              const key = keys[index] as Key;
              const titleId = `${baseId}-${index}`;
              return (
                <li key={String(key)} className="list-card">
                  <div className="list-card-head">
                    {rowSelection ? (
                      <Checkbox
                        className="list-card-check"
                        checked={chosen.has(key)}
                        aria-labelledby={`${baseId}-select ${titleId}`}
                        onChange={(e) => {
                          const next = new Set(chosen);
                          if (e.target.checked) next.add(key);
                          else next.delete(key);
                          choose(next);
                        }}
                      />
                    ) : null}
                    <div className="list-card-title" id={titleId}>
                      {layout.identity ? cell(layout.identity, row, index) : null}
                    </div>
                    {layout.status ? <div className="list-card-status">{cell(layout.status, row, index)}</div> : null}
                  </div>
                  {layout.fields.length > 0 ? (
                    <dl className="list-card-fields">
                      {layout.fields.map((c) => (
                        <div key={nameOf(c)} className="list-card-field">
                          <dt>{titleOf(c)}</dt>
                          <dd>{cell(c, row, index)}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                  {layout.actions ? <div className="list-card-actions">{cell(layout.actions, row, index)}</div> : null}
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
      {rowSelection ? (
        <span id={`${baseId}-select`} hidden>
          {t("list.selectRow")}
        </span>
      ) : null}
      {pagination ? <Pagination className="list-cards-pagination" size="small" {...(pagination as PaginationProps)} /> : null}
    </div>
  );
}
