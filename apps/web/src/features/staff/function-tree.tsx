import type { FuncNode } from "@sbo/contract/session";
import { funcNodes } from "@sbo/contract/session";
import * as contract from "@sbo/contract/staff";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Skeleton, Tag, Tree, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { staffKeys, toTree } from "./staff.api";

/** Every function of the product as tree nodes (the same list the server syncs). */
export const ALL_NODES = funcNodes;

export const funcLabel = (n: FuncNode) => (currentLanguage() === "en" ? n.nameEn : n.name);

/**
 * The functions a role grants, as a tree with checkboxes. Each box is independent (a screen does
 * not bring its actions); boxes for functions the caller does not hold are disabled.
 */
export function FunctionPicker({
  value = [],
  onChange,
  held,
  id,
}: {
  value?: string[];
  onChange?: (codes: string[]) => void;
  held: ReadonlySet<string>;
  id?: string;
}) {
  const mark = (nodes: ReturnType<typeof toTree>): ReturnType<typeof toTree> =>
    nodes.map((n) => ({ ...n, disableCheckbox: !held.has(n.key), ...(n.children ? { children: mark(n.children) } : {}) }));
  return (
    <div id={id}>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        treeData={mark(
          toTree(
            ALL_NODES.filter((n) => n.code !== "home"),
            funcLabel,
          ),
        )}
        checkedKeys={{ checked: value, halfChecked: [] }}
        onCheck={(checked) => onChange?.((Array.isArray(checked) ? checked : checked.checked).map(String))}
      />
    </div>
  );
}

/** Read-only: what a staff member holds and which role grants each function (selFuncById). */
export function PermissionTree({ employeeId }: { employeeId: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: staffKeys.detail(`${employeeId}:functions`),
    queryFn: ({ signal }) => call(contract.staff.selFuncById, { employeeId }, { notify: false, signal }),
  });
  if (query.isPending) return <Skeleton active />;
  if (query.isError) {
    return (
      <Alert
        type="error"
        title={t("staff.loadFailed")}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t("common.retry")}
          </Button>
        }
      />
    );
  }
  if (query.data.isOwner) return <Typography.Paragraph>{t("staff.allFunctions")}</Typography.Paragraph>;
  const granted = new Map(query.data.granted.map((g) => [g.code, g.roles]));
  const keep = (nodes: ReturnType<typeof toTree>): ReturnType<typeof toTree> =>
    nodes.filter((n) => granted.has(n.key)).map((n) => ({ ...n, ...(n.children ? { children: keep(n.children) } : {}) }));
  const tree = keep(toTree(query.data.tree, funcLabel));
  return (
    <Tree
      selectable={false}
      defaultExpandAll
      treeData={tree}
      titleRender={(n) => {
        const roles = granted.get(n.key) ?? [];
        return (
          <span>
            {n.title}{" "}
            {roles.map((r) => (
              <Tag key={r.id} title={t("staff.grantedBy", { roles: r.name })}>
                {r.name}
              </Tag>
            ))}
          </span>
        );
      }}
    />
  );
}
