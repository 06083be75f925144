import { Spin, Table, type TableProps } from "antd";
import { lazy, Suspense } from "react";
import { useNarrow } from "@/platform/viewport";

// The cards (and their CSS) load only where a list is shown narrow: a desk never fetches them.
const ListCards = lazy(() => import("./list-cards-view"));

export type ListTableProps<Row> = TableProps<Row> & {
  /** The list's name: the cards' list is labelled by it. */
  label: string;
};

/**
 * The list's rows: a table from the tablet width (992 px) up, below it one card per row (components/list-cards.css),
 * from the same columns, selection, paging and empty state, so a screen declares its list once.
 */
export function ListTable<Row extends object>({ label, ...table }: ListTableProps<Row>) {
  const narrow = useNarrow();
  if (!narrow) return <Table<Row> {...table} />;
  return (
    <Suspense fallback={<Spin spinning />}>
      <ListCards label={label} {...(table as unknown as TableProps<object>)} />
    </Suspense>
  );
}
