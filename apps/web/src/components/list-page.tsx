import type { Page } from "@sbo/contract/common";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@sbo/contract/common";
import type { Call, InputOf } from "@sbo/contract/define";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { App, Button, Empty, Space, Tabs, Typography } from "antd";
import { type Key, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { call } from "@/platform/api-client";
import { useMayCall } from "@/platform/use-holds";
import { ColumnPicker, type ListColumn, useColumnChoice } from "./column-picker";
import { withEmptyCells } from "./empty-cell";
import { ExportControl } from "./export-control";
import { ListTable } from "./list-cards";
import { cappedCount, type FilterField, type FilterValues, readFilters, toRequestFilters, writeFilters } from "./list-filters";
import { ListQueryForm } from "./list-query-form";
import { LoadFailed } from "./load-failed";
import { PageHeader } from "./page-header";
import { useKeyboardScroll } from "./table-scroll";

/** What a list request carries: the page and the filters. */
export type ListRequest = { pageNum: number; pageSize: number } & Record<string, unknown>;

/** A contract entry answering a page of `Row`s. */
export type PageEntry<Row> = Call & { output: { _zod: { output: Page<Row> } } };

export interface BatchAction<Row> {
  key: string;
  label: string;
  danger?: boolean;
  /** Ask before running (destructive actions). */
  confirm?: boolean;
  run: (rows: Row[], keys: Key[]) => Promise<unknown> | undefined;
}

interface ListPageBase<Row> {
  title: string;
  /** Right-hand slot of the page header. */
  extra?: ReactNode;
  /** "section": a list inside another screen (h2, no page header). */
  variant?: "page" | "section";
  filters?: readonly FilterField[];
  /** Server-side shape of the filters (types, renames); default: the URL strings as they are. */
  toFilters?: (filters: Record<string, string>) => Record<string, unknown>;
  /** The columns; each may say how much it matters (`importance`: key columns always show, secondary ones on request). */
  columns: readonly ListColumn<Row>[];
  /** The id the member's column choice is remembered by; default: the entry's path (else the query key), with the prefix. */
  columnsId?: string;
  rowKey: Extract<keyof Row, string> | ((row: Row) => string);
  /** A row pointed at (its detail is likely next: `preloadScreen` it). */
  onRowHover?: (row: Row) => void;
  batchActions?: readonly BatchAction<Row>[];
  /** Buttons beside the export button (e.g. "Add"). */
  toolbar?: ReactNode;
  /** A `download: true` entry taking the same filters; adds an Export button. */
  exportEntry?: Call;
  /** The export's input from the list's filters (e.g. adding the reader's language); default: the filters. */
  exportInput?: (filters: Record<string, unknown>) => Record<string, unknown>;
  exportFileName?: string;
  /** The columns fit the card's width (fixed layout, long cells cut with an ellipsis): no horizontal scroll. */
  fit?: boolean;
  empty?: { description?: ReactNode; action?: ReactNode };
  /** Query-key prefix, usually the domain's `lists()`; default derived from the entry path. */
  queryKey?: readonly unknown[];
  /** Prefix of this list's URL parameters, when a screen shows more than one list. */
  paramPrefix?: string;
  defaultPageSize?: number;
  /** Shown between the header and the query form (e.g. status tabs that choose what the list holds). */
  above?: ReactNode;
  /** Told each page as it arrives (e.g. the counts a list answer carries beside its rows). */
  onData?: (data: Page<Row>) => void;
  /** Status tabs with their counts above the filters, kept in the URL's `tab` (the first key is the default). */
  tabs?: StatusTabs;
  /**
   * The entry also pages by keyset (`cursor` in, `nextCursor` out): going to the very next page sends the cursor
   * the page before answered, so a deep page costs what the first does; other jumps use the page number.
   */
  keyset?: boolean;
}

/** A list's status tabs: the keys, their words, their (capped) counts, and which one is red when it holds any. */
export interface StatusTabs {
  keys: readonly string[];
  label: (key: string) => string;
  counts?: Readonly<Record<string, number>> | null;
  /** The counts are lower bounds (the server saw only the first 10,000 matches): each reads "n+". */
  atLeast?: boolean | undefined;
  alert?: string;
}

/** The active tab of `tabs` in the URL (`tab`, with the list's prefix): a known key, else the first. */
export function activeTab<K extends string>(params: URLSearchParams, keys: readonly K[], prefix = ""): K {
  const asked = params.get(`${prefix}tab`);
  return (keys as readonly string[]).includes(asked ?? "") ? (asked as K) : (keys[0] as K);
}

export type ListPageProps<Row> = ListPageBase<Row> &
  ({ entry: PageEntry<Row>; fetch?: never } | { fetch: (request: ListRequest, signal: AbortSignal) => Promise<Page<Row>>; entry?: never });

const NO_FIELDS: readonly FilterField[] = [];

/**
 * A `fetch` for a call that answers every row at once (roles, bases, ranks, tags): the call gets the filters
 * it takes (`input`), `match` applies the others to the rows, and the page is cut here, so such a list has the
 * same filters and pagination as a paged one without the server pretending to page.
 */
export function localPages<Row>(
  load: (filters: Record<string, unknown>, signal: AbortSignal) => Promise<readonly Row[]>,
  match?: (row: Row, filters: Record<string, unknown>) => boolean,
) {
  return async ({ pageNum, pageSize, ...filters }: ListRequest, signal: AbortSignal): Promise<Page<Row>> => {
    const rows = (await load(filters, signal)).filter((row) => !match || match(row, filters));
    return { list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: rows.length, pageNum, pageSize };
  };
}

/** Whether `text` contains the filter `value` (ignoring case and surrounding spaces); no filter matches all. */
export const containsText = (text: string, value: unknown): boolean =>
  typeof value !== "string" || value.trim() === "" || text.toLowerCase().includes(value.trim().toLowerCase());

const positive = (value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/**
 * The query of one page of a list screen on its own `fetch` (a call answering every row, a call taking more than the
 * filters): ListPage's own, and a screen's `prefetch` of its first page, with the same `fetch`.
 */
export const fetchedPageQuery = <Row,>(
  fetch: (request: ListRequest, signal: AbortSignal) => Promise<Page<Row>>,
  baseKey: readonly unknown[],
  request: ListRequest,
) => ({
  queryKey: [...baseKey, request],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetch(request, signal),
});

/**
 * The query of one page of a list screen on a paged call: ListPage's own, and a screen's `prefetch` of its first page
 * (platform/screen-preload.ts), which must use the same key to be found.
 */
export const listPageQuery = <Row,>(entry: PageEntry<Row>, baseKey: readonly unknown[], request: ListRequest) =>
  fetchedPageQuery(
    (r, signal) => call(entry, r as InputOf<typeof entry>, { notify: false, signal }) as Promise<Page<Row>>,
    baseKey,
    request,
  );

/** The request of a list's first page when the URL holds no filter, page or page size (`filters`: the screen's own). */
export const firstPageRequest = (filters: Record<string, unknown>): ListRequest => ({
  ...filters,
  pageNum: 1,
  pageSize: DEFAULT_PAGE_SIZE,
});

/**
 * The one list screen: query form (kept in the URL), table with server paging, row selection
 * with batch actions, toolbar, optional Excel export, empty and error states.
 */
export function ListPage<Row extends object>(props: ListPageProps<Row>) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const fields = props.filters ?? NO_FIELDS;
  const prefix = props.paramPrefix ?? "";

  // Memoised on the filters' own values in the URL (not on object identities, which change every render, nor on the
  // whole URL): the query form is refilled only when a filter really changes — a tab or a page does not wipe what the
  // user is typing.
  const read = readFilters(searchParams, fields, prefix);
  const readKey = JSON.stringify(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `readKey` stands for the values read
  const filters = useMemo(() => read, [readKey]);
  const pageNum = positive(searchParams.get(`${prefix}page`), 1);
  const pageSize = positive(searchParams.get(`${prefix}size`), props.defaultPageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);

  const plainFilters = toRequestFilters(filters, fields);
  const serverFilters = props.toFilters ? props.toFilters(plainFilters) : plainFilters;
  // Keyset: the cursor each page answered for the page after it, for these filters and this page size only.
  const cursorsKey = `${JSON.stringify(serverFilters)}|${pageSize}`;
  const cursors = useRef<{ key: string; next: Map<number, string> }>({ key: "", next: new Map() });
  if (cursors.current.key !== cursorsKey) cursors.current = { key: cursorsKey, next: new Map() };
  const cursor = props.keyset ? cursors.current.next.get(pageNum) : undefined;
  const request: ListRequest = { ...serverFilters, pageNum, pageSize, ...(cursor ? { cursor } : {}) };

  const baseKey = props.queryKey ?? ["list", props.entry?.path ?? props.title];
  const query = useQuery({
    ...(props.entry ? listPageQuery(props.entry, baseKey, request) : fetchedPageQuery(props.fetch, baseKey, request)),
    placeholderData: keepPreviousData,
  });

  const onData = props.onData;
  useEffect(() => {
    if (query.data) onData?.(query.data);
  }, [query.data, onData]);
  const answeredCursor = props.keyset && !query.isPlaceholderData ? (query.data as { nextCursor?: unknown } | undefined)?.nextCursor : null;
  if (typeof answeredCursor === "string" && query.data) cursors.current.next.set(query.data.pageNum + 1, answeredCursor);

  const [selected, setSelected] = useState<{ keys: Key[]; rows: Row[] }>({ keys: [], rows: [] });
  // The Export button shows only to members who hold the export's own function (the server refuses the others).
  const mayExport = useMayCall(props.exportEntry);

  const setParams = (next: URLSearchParams) => {
    setSelected({ keys: [], rows: [] });
    setSearchParams(next);
  };
  const applyFilters = (values: FilterValues) => setParams(writeFilters(searchParams, fields, values, prefix));
  const clearFilters = () => applyFilters({});
  const hasFilters = Object.keys(filters).length > 0;

  const runBatch = async (action: BatchAction<Row>) => {
    const go = async () => {
      await action.run(selected.rows, selected.keys);
      setSelected({ keys: [], rows: [] });
      await query.refetch();
    };
    if (!action.confirm) return go();
    modal.confirm({
      title: action.label,
      content: t("list.confirmBatch", { action: action.label, count: selected.keys.length }),
      okButtonProps: { danger: action.danger },
      onOk: go,
    });
  };

  const emptyText = hasFilters ? (
    <Empty description={t("list.emptyFiltered")}>
      <Button onClick={clearFilters}>{t("list.clearFilters")}</Button>
    </Empty>
  ) : (
    <Empty description={props.empty?.description ?? t("list.empty")}>{props.empty?.action}</Empty>
  );

  useKeyboardScroll(sectionRef, props.title);

  const error = query.error;
  const columnChoice = useColumnChoice(
    `${props.columnsId ?? props.entry?.path ?? (props.queryKey?.filter((k) => typeof k === "string").join("/") || props.title)}${prefix ? `#${prefix}` : ""}`,
    props.columns,
  );
  const columns = withEmptyCells(columnChoice.columns);
  const columnPicker = columnChoice.pickable ? (
    <ColumnPicker
      listTitle={props.title}
      options={columnChoice.options}
      changed={columnChoice.changed}
      onToggle={columnChoice.toggle}
      onReset={columnChoice.reset}
    />
  ) : null;
  // The export takes the filters of the rows on screen: while the table still shows the previous filters' rows (a new
  // search loading behind them) or nothing yet, there is no list on screen to export, so the button waits.
  const exportWaits = query.isPending || query.isPlaceholderData;
  const exportButton =
    props.exportEntry && mayExport ? (
      <ExportControl
        entry={props.exportEntry}
        input={props.exportInput ? props.exportInput(serverFilters) : serverFilters}
        fallbackName={props.exportFileName}
        waits={exportWaits}
      />
    ) : null;

  const batch = props.batchActions?.length ? (
    <Space wrap>
      <Typography.Text aria-live="polite">{t("list.selected", { count: selected.keys.length })}</Typography.Text>
      {props.batchActions.map((action) => (
        <Button key={action.key} danger={action.danger} disabled={selected.keys.length === 0} onClick={() => void runBatch(action)}>
          {action.label}
        </Button>
      ))}
    </Space>
  ) : null;

  return (
    <section ref={sectionRef} aria-labelledby={headingId} className="list-page">
      <PageHeader title={props.title} extra={props.extra} level={props.variant === "section" ? 2 : 1} titleId={headingId} />
      {props.above}
      {props.tabs ? <ListTabs tabs={props.tabs} prefix={prefix} onChange={setParams} /> : null}
      {fields.length > 0 ? (
        <ListQueryForm
          fields={fields}
          values={filters}
          onSearch={applyFilters}
          onReset={clearFilters}
          label={`${props.title}: ${t("list.filters")}`}
        />
      ) : null}
      {batch || props.toolbar || exportButton || columnPicker ? (
        <div className="list-toolbar">
          <div>{batch}</div>
          <Space wrap>
            {props.toolbar}
            {exportButton}
            {columnPicker}
          </Space>
        </div>
      ) : null}
      {error ? <LoadFailed title={t("list.loadFailed")} error={error} onRetry={() => void query.refetch()} /> : null}
      {/* Below the tablet width each row is a card (list-cards.tsx). */}
      <ListTable<Row>
        label={props.title}
        rowKey={props.rowKey}
        columns={columns}
        onRow={props.onRowHover ? (row) => ({ onMouseEnter: () => props.onRowHover?.(row) }) : undefined}
        dataSource={error ? [] : (query.data?.list ?? [])}
        loading={query.isFetching}
        locale={{ emptyText: error || query.isPending ? " " : emptyText }}
        scroll={{ x: props.fit ? "100%" : "max-content" }}
        rowSelection={
          props.batchActions?.length ? { selectedRowKeys: selected.keys, onChange: (keys, rows) => setSelected({ keys, rows }) } : undefined
        }
        pagination={{
          current: pageNum,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t("list.total", { total }),
          onChange: (page, size) => {
            const next = new URLSearchParams(searchParams);
            next.set(`${prefix}page`, String(size !== pageSize ? 1 : page));
            next.set(`${prefix}size`, String(size));
            setParams(next);
          },
        }}
      />
    </section>
  );
}

/** The status tabs of a list: each key's words and its count (red for `alert` when it holds any; "10,000+" at the cap). */
function ListTabs({ tabs, prefix, onChange }: { tabs: StatusTabs; prefix: string; onChange: (next: URLSearchParams) => void }) {
  const [searchParams] = useSearchParams();
  const active = activeTab(searchParams, tabs.keys, prefix);
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => {
        const next = new URLSearchParams(searchParams);
        if (key === tabs.keys[0]) next.delete(`${prefix}tab`);
        else next.set(`${prefix}tab`, key);
        next.delete(`${prefix}page`);
        onChange(next);
      }}
      items={tabs.keys.map((key) => {
        const count = tabs.counts?.[key];
        return {
          key,
          label: (
            <Space size={6}>
              {tabs.label(key)}
              {count !== undefined ? (
                <Typography.Text type={key === tabs.alert && count > 0 ? "danger" : "secondary"} className="list-tab-count">
                  {tabs.atLeast && count < 10_000 ? `${count}+` : cappedCount(count)}
                </Typography.Text>
              ) : null}
            </Space>
          ),
        };
      })}
    />
  );
}
