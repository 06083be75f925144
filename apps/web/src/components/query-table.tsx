import type { UseQueryResult } from "@tanstack/react-query";
import { Empty, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { type ReactNode, useRef } from "react";
import { withEmptyCells } from "./empty-cell";
import { LoadFailed } from "./load-failed";
import { useKeyboardScroll } from "./table-scroll";

export interface QueryTableProps<Row> {
  /** The query that loads every row (no paging). */
  query: UseQueryResult<Row[]>;
  columns: ColumnsType<Row>;
  /** The table's accessible name. */
  label: string;
  /** The title of the failure; the server's message goes below it, with Retry. */
  loadFailed: string;
  /** What an empty list says, and the action that fills it (e.g. an Add button). */
  empty: { description: ReactNode; action?: ReactNode };
}

/** An unpaged list (roles, ranks, tags…): the table with its loading, empty and error (with Retry) states. */
export function QueryTable<Row extends { id: string }>({ query, columns, label, loadFailed, empty }: QueryTableProps<Row>) {
  const ref = useRef<HTMLDivElement>(null);
  useKeyboardScroll(ref, label);
  return (
    <div ref={ref} className="query-table">
      {query.error ? <LoadFailed title={loadFailed} error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<Row>
        aria-label={label}
        rowKey="id"
        columns={withEmptyCells(columns)}
        dataSource={query.data ?? []}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: query.error || query.isPending ? " " : <Empty description={empty.description}>{empty.action}</Empty> }}
      />
    </div>
  );
}
