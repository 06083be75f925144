import { Button, type ButtonProps, Popconfirm } from "antd";
import type { ColumnType } from "antd/es/table";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { EMPTY } from "./empty-cell";

/** What a confirmed action asks: a question naming the row, and what follows from it. */
export interface RowConfirm {
  title: ReactNode;
  description?: ReactNode;
  /** The confirming button's words; default: the action's label. */
  okText?: string;
}

interface ActionBase {
  key: string;
  /** The link's words ("Delete"). */
  label: string;
  /** The accessible name naming the row ("Delete: Cashier"); default: the label. */
  ariaLabel?: string;
  disabled?: boolean;
  /** Runs the action (after the confirmation when there is one); a refusal is shown by call() itself. */
  onClick: () => unknown;
}

/** A row's action: a danger action (delete, disable, end…) is always confirmed, the same way everywhere. */
export type RowAction = ActionBase & ({ danger: true; confirm: RowConfirm } | { danger?: false; confirm?: RowConfirm });

/** An action, or nothing where a row does not offer it (`cond && {...}`). */
export type MaybeAction = RowAction | false | null | undefined;

const present = (actions: readonly MaybeAction[]): RowAction[] => actions.filter((a): a is RowAction => Boolean(a));

/** One action behind the one confirmation: a popover with the question, Cancel (focused first) and the action. */
function ConfirmedAction({ action, confirm }: { action: RowAction; confirm: RowConfirm }) {
  const { t } = useTranslation();
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Popconfirm
      title={confirm.title}
      description={confirm.description}
      okText={confirm.okText ?? action.label}
      cancelText={t("common.cancel")}
      okButtonProps={{ danger: action.danger }}
      // React 19 takes `ref` as a prop; antd's ButtonProps type does not list it.
      cancelButtonProps={{ ref: cancel } as ButtonProps}
      disabled={action.disabled}
      onOpenChange={(open) => {
        // Cancel takes the focus when asked (a second Enter never confirms by accident); back to the link once
        // answered, when the row is still there, so keyboard users keep their place.
        const to = open ? cancel : trigger;
        setTimeout(() => to.current?.isConnected && to.current.focus(), 0);
      }}
      onConfirm={async () => {
        try {
          await action.onClick();
        } catch {
          // call() already showed the refusal in the Notice dialog.
        }
      }}
    >
      <Button ref={trigger} type="link" size="small" danger={action.danger} disabled={action.disabled} aria-label={action.ariaLabel}>
        {action.label}
      </Button>
    </Popconfirm>
  );
}

/**
 * A row's actions, the one way every list shows them: text links on one line (never wrapped or cut),
 * danger ones in red and confirmed in a popover. A row that offers nothing shows "—".
 */
export function RowActions({ actions }: { actions: readonly MaybeAction[] }) {
  const shown = present(actions);
  if (shown.length === 0) return <>{EMPTY}</>;
  return (
    <span className="row-actions">
      {shown.map((action) =>
        action.confirm ? (
          <ConfirmedAction key={action.key} action={action} confirm={action.confirm} />
        ) : (
          <Button
            key={action.key}
            type="link"
            size="small"
            disabled={action.disabled}
            aria-label={action.ariaLabel}
            onClick={() => {
              try {
                const out = action.onClick();
                if (out instanceof Promise) out.catch(() => {});
              } catch {
                // as above
              }
            }}
          >
            {action.label}
          </Button>
        ),
      )}
    </span>
  );
}

/** Pixels a label takes at the table's 14 px font: wide (CJK) characters 14, others at most 8. */
const textWidth = (text: string) =>
  [...text].reduce(
    (w, ch) => w + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 14 : 8),
    0,
  );

/**
 * The width of an actions column that holds `labels` side by side (each link has 7 px padding either
 * side, 4 px between links) and its title, in the cell's 16 px padding: the widest set of a row in the
 * language shown, measured generously so it never clips.
 */
export function actionsWidth(labels: readonly string[], title = ""): number {
  const links = labels.reduce((w, label) => w + textWidth(label) + 14, 0) + Math.max(0, labels.length - 1) * 4;
  return Math.ceil(Math.max(links, textWidth(title)) + 32 + 8);
}

export interface ActionsColumnOptions<Row> {
  /** The column's title ("Actions"). */
  title: string;
  /** The actions a row offers. */
  actions: (row: Row) => readonly MaybeAction[];
  /** Whether the member may do anything here (holds the functions): otherwise there is no column at all. */
  show?: boolean;
  /**
   * The labels of the widest row (in the language shown): gives the column a width. Needed in a list that fits its
   * card (`fit`); elsewhere the column takes the width of its links.
   */
  widest?: readonly string[];
}

/**
 * The actions column of a list, declared in one line: `...actionsColumn({ title, actions, show })`. It stays at
 * the right edge (fixed) while the rest of the table scrolls under it, and it is left out entirely when the
 * member can do nothing (no empty Actions column).
 */
export function actionsColumn<Row>({ title, actions, show = true, widest }: ActionsColumnOptions<Row>): ColumnType<Row>[] {
  if (!show) return [];
  return [
    {
      key: "actions",
      title,
      fixed: "right",
      className: "row-actions-cell",
      ...(widest ? { width: actionsWidth(widest, title) } : {}),
      render: (_value: unknown, row: Row) => <RowActions actions={actions(row)} />,
    },
  ];
}
