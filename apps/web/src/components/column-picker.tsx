import "./column-picker.css";
import { TableOutlined } from "@ant-design/icons";
import { Button, Checkbox, Popover, Typography } from "antd";
import type { ColumnGroupType, ColumnsType, ColumnType } from "antd/es/table";
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionMember } from "@/platform/session/session.api";

/**
 * How much a list column matters on a crowded desk (issue 25 §2):
 * - "key": identity, status, the main date, amounts: always shown, the picker cannot hide it;
 * - unmarked: shown, the user may hide it;
 * - "secondary": hidden until the user shows it (lists that would not fit 1,440 px with it).
 * A list that marks no column "key" keeps its first column (its identity) as the one key column.
 */
export type ColumnImportance = "key" | "secondary";

/** A list's column: antd's, with its importance for the column picker. */
export type ListColumn<Row> = (ColumnType<Row> | ColumnGroupType<Row>) & { importance?: ColumnImportance };

/** The key of the actions column (`actionsColumn` in row-actions.tsx): always shown, never in the picker. */
export const ACTIONS_COLUMN = "actions";

/** The class of a key column's cells (the layout story finds them by it). */
export const KEY_COLUMN_CLASS = "list-col-key";

/** A picker offers itself only on lists of at least this many columns besides the actions (a short list fits anyway). */
const PICKER_FROM = 4;

/** The id a column is remembered by: its key, else its dataIndex. */
export function columnId(column: ListColumn<unknown>): string | undefined {
  if (column.key !== undefined && column.key !== null) return String(column.key);
  const index = "dataIndex" in column ? column.dataIndex : undefined;
  if (Array.isArray(index)) return index.join(".");
  return typeof index === "string" || typeof index === "number" ? String(index) : undefined;
}

/** What the user changed from the list's defaults: default-shown columns hidden, default-hidden columns shown. */
export interface ColumnChoice {
  hidden: string[];
  shown: string[];
}

const NO_CHOICE: ColumnChoice = { hidden: [], shown: [] };

/**
 * Where a member's choice for a list is kept: this browser's storage, per member and list (a choice of layout on this
 * desk, like the language; saved templates on the server are named sets a member applies, which this is not).
 */
export const columnChoiceKey = (memberId: string, list: string) => `sbo:columns:${memberId}:${list}`;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

function readChoice(key: string | null): ColumnChoice {
  if (!key) return NO_CHOICE;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? "null");
    if (typeof parsed !== "object" || parsed === null) return NO_CHOICE;
    const { hidden, shown } = parsed as Record<string, unknown>;
    return { hidden: strings(hidden), shown: strings(shown) };
  } catch {
    return NO_CHOICE;
  }
}

function writeChoice(key: string | null, choice: ColumnChoice) {
  if (!key) return;
  try {
    if (choice.hidden.length === 0 && choice.shown.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(choice));
  } catch {
    // Storage disabled or full: the choice lasts until the page is left.
  }
}

/** One line of the picker: a column the list has, whether it shows, and whether the user may hide it. */
export interface ColumnOption {
  id: string;
  title: ReactNode;
  visible: boolean;
  locked: boolean;
}

/**
 * The columns a list shows for the signed-in member: the list's defaults with the member's remembered choice applied.
 * Returns the columns for the table (key columns marked with KEY_COLUMN_CLASS, `importance` stripped), the
 * picker's lines, and the ways to change the choice.
 */
export function useColumnChoice<Row>(list: string, columns: readonly ListColumn<Row>[]) {
  const member = useSessionMember();
  const key = member ? columnChoiceKey(member.memberId, list) : null;
  const [state, setState] = useState(() => ({ key, choice: readChoice(key) }));
  const choice = state.key === key ? state.choice : readChoice(key);
  const save = (next: ColumnChoice) => {
    writeChoice(key, next);
    setState({ key, choice: next });
  };

  const anyKey = columns.some((c) => c.importance === "key");
  const options: ColumnOption[] = [];
  const shown: ColumnsType<Row> = [];
  columns.forEach((column, index) => {
    const { importance, ...antd } = column;
    const id = columnId(column as ListColumn<unknown>);
    const isKey = importance === "key" || (!anyKey && index === 0);
    const locked = id === undefined || id === ACTIONS_COLUMN || isKey;
    const visible = locked || (importance === "secondary" ? choice.shown.includes(id) : !choice.hidden.includes(id));
    if (id !== undefined && id !== ACTIONS_COLUMN)
      options.push({ id, title: typeof antd.title === "function" ? id : (antd.title as ReactNode), visible, locked });
    if (!visible) return;
    shown.push(isKey ? { ...antd, className: [antd.className, KEY_COLUMN_CLASS].filter(Boolean).join(" ") } : antd);
  });

  const defaults = new Map(columns.map((c) => [columnId(c as ListColumn<unknown>), c.importance] as const));
  const toggle = (id: string, visible: boolean) => {
    const hiddenByDefault = defaults.get(id) === "secondary";
    const without = (ids: string[]) => ids.filter((x) => x !== id);
    save({
      hidden: !hiddenByDefault && !visible ? [...without(choice.hidden), id] : without(choice.hidden),
      shown: hiddenByDefault && visible ? [...without(choice.shown), id] : without(choice.shown),
    });
  };
  const changed = options.some((o) => !o.locked && o.visible !== (defaults.get(o.id) !== "secondary"));

  return {
    columns: shown,
    options,
    /** Whether the list offers a picker: enough columns, and at least one the user may hide. */
    pickable: options.length >= PICKER_FROM && options.some((o) => !o.locked),
    changed,
    toggle,
    reset: () => save(NO_CHOICE),
  };
}

export interface ColumnPickerProps {
  /** The list's title (names the checklist). */
  listTitle: string;
  options: readonly ColumnOption[];
  changed: boolean;
  onToggle: (id: string, visible: boolean) => void;
  onReset: () => void;
}

/** The toolbar button of a list that opens the checklist of its columns, with a Reset to the list's defaults. */
export function ColumnPicker({ listTitle, options, changed, onToggle, onReset }: ColumnPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFieldSetElement>(null);
  const legendId = useId();
  const name = t("columns.title", { list: listTitle });

  const openChange = (next: boolean) => {
    setOpen(next);
    // The first box takes the focus when the list opens; back to the button once it closes.
    if (next) setTimeout(() => panel.current?.querySelector<HTMLInputElement>("input:not([disabled])")?.focus(), 0);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    close();
  };

  const content = (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the checklist, as it closes a menu
    <div className="column-picker" onKeyDown={onKeyDown}>
      <fieldset ref={panel} aria-labelledby={legendId}>
        <legend id={legendId} className="column-picker-legend">
          {name}
        </legend>
        {options.map((option) => (
          <div key={option.id} className="column-picker-option">
            <Checkbox checked={option.visible} disabled={option.locked} onChange={(event) => onToggle(option.id, event.target.checked)}>
              {option.title}
              {option.locked ? (
                <Typography.Text type="secondary" className="column-picker-always">
                  {` (${t("columns.always")})`}
                </Typography.Text>
              ) : null}
            </Checkbox>
          </div>
        ))}
      </fieldset>
      <div className="column-picker-footer">
        <Button size="small" disabled={!changed} onClick={onReset}>
          {t("columns.reset")}
        </Button>
        <Button size="small" type="primary" onClick={close}>
          {t("columns.done")}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={openChange}>
      <Button ref={button} icon={<TableOutlined />} aria-expanded={open} aria-label={name} title={name}>
        {t("columns.button")}
      </Button>
    </Popover>
  );
}
