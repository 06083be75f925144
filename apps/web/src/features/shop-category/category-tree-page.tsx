import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined, PlusOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/shop-category";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Col, Descriptions, Empty, Form, Popconfirm, Row, Select, Space, Tag, Tree, Typography } from "antd";
import type { TreeProps } from "antd/es/tree";
import type { TFunction } from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ExportControl } from "@/components/export-control";
import { FormDrawer } from "@/components/form-drawer";
import { LoadFailed } from "@/components/load-failed";
import { PageHeader } from "@/components/page-header";
import { TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useSessionMember } from "@/platform/session/session.api";
import { useHolds, useMayCall } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type CategoryNode, categoryTreeQuery, shopCategoryKeys, useCategoryTree } from "./shop-category.api";
import { dropMove, findNode, keyboardMoves, type Move, type MoveRefusal } from "./tree-moves";

/** A category of either level (a sub-category has no `children`). */
type Category = CategoryNode | CategoryNode["children"][number];

/** A category's goods: a top-level one counts its sub-categories' too, and says how many are its own. */
const goodsCountText = (t: TFunction, c: Category) =>
  c.goodsCountWithSub === c.goodsCount
    ? t("shopCategory.goodsCount", { count: c.goodsCount })
    : t("shopCategory.goodsCountWithSub", { count: c.goodsCountWithSub, own: c.goodsCount });

interface CategoryValues {
  name: string;
  parentId?: string;
}

/** Add a category (at the top level or under one), or rename one. */
function CategoryDrawer({
  editing,
  parentId,
  tree,
  onClose,
}: {
  editing: Category | null;
  parentId: string | null;
  tree: readonly CategoryNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const TOP = "";
  return (
    <FormDrawer<CategoryValues, typeof contract.shopCategory.addShopClassify, typeof contract.shopCategory.updShopClassifyById>
      name="category"
      title={editing ? t("shopCategory.rename") : parentId ? t("shopCategory.addChild") : t("shopCategory.add")}
      onClose={onClose}
      add={{ entry: contract.shopCategory.addShopClassify, toInput: (v) => ({ name: v.name?.trim() ?? "", parentId: v.parentId || null }) }}
      update={
        editing
          ? { entry: contract.shopCategory.updShopClassifyById, toInput: (v) => ({ id: editing.id, name: v.name?.trim() ?? "" }) }
          : null
      }
      initialValues={{ name: editing?.name ?? "", parentId: parentId ?? TOP }}
      invalidate={shopCategoryKeys.all}
      savedMessage={t("shopCategory.saved")}
    >
      <Form.Item
        name="name"
        label={t("shopCategory.name")}
        rules={[{ required: true, whitespace: true, message: t("form.required", { field: t("shopCategory.name") }) }]}
      >
        <TextInput maxLength={contract.MAX_SHOP_CATEGORY_NAME} />
      </Form.Item>
      {editing ? null : (
        <Form.Item name="parentId" label={t("shopCategory.parent")}>
          <Select options={[{ value: TOP, label: t("shopCategory.topLevel") }, ...tree.map((n) => ({ value: n.id, label: n.name }))]} />
        </Form.Item>
      )}
    </FormDrawer>
  );
}

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => void client.prefetchQuery(categoryTreeQuery());

/** `paths.categoryTree()`: the shop's two-level category tree, reordered by dragging or by the buttons. */
export function Component() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const write = useWrite(shopCategoryKeys.all);
  const member = useSessionMember();
  const canEdit = useHolds("shop.classify.edit");
  const canExport = useMayCall(contract.shopCategory.exportShopClassifyList);
  const query = useCategoryTree();
  const tree = query.data?.tree ?? [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [drawer, setDrawer] = useState<{ editing: Category | null; parentId: string | null } | null>(null);
  const [moving, setMoving] = useState(false);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const chosen: Category | undefined =
    tree.find((n) => n.id === chosenId) ?? tree.flatMap((n) => n.children).find((c) => c.id === chosenId);
  const chosenChildren: readonly Category[] = tree.find((n) => n.id === chosenId)?.children ?? [];
  const chosenParent = chosen?.parentId ? tree.find((n) => n.id === chosen.parentId) : undefined;
  const moves = chosen ? keyboardMoves(tree, chosen.id) : null;

  const expandedKeys = expanded ?? tree.filter((n) => n.children.length > 0).map((n) => n.id);
  const treeData = useMemo(
    () =>
      tree.map((n) => ({
        key: n.id,
        title: n.name,
        node: n,
        children: n.children.map((c) => ({ key: c.id, title: c.name, node: c, isLeaf: true })),
      })),
    [tree],
  );

  const move = async (m: Move) => {
    const name = findNode(tree, m.id)?.name ?? "";
    setMoving(true);
    try {
      const next = await call(contract.shopCategory.updShopClassifyList, m);
      client.setQueryData(shopCategoryKeys.list("tree", {}), { tree: next, goodsCategoryIds: [] });
      if (m.parentId) setExpanded((e) => [...new Set([...(e ?? expandedKeys), m.parentId as string])]);
      void message.success(t("shopCategory.moved", { name }));
    } catch {
      // call() showed the refusal.
    } finally {
      setMoving(false);
    }
  };
  const refuse = (why: MoveRefusal) => void message.warning(t(`shopCategory.refused.${why}`));

  const onDrop: TreeProps["onDrop"] = (info) => {
    const pos = info.node.pos.split("-");
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const position: -1 | 0 | 1 = !info.dropToGap ? 0 : relative < 0 ? -1 : 1;
    const result = dropMove(tree, String(info.dragNode.key), {
      targetId: String(info.node.key),
      position,
      targetExpanded: info.node.expanded,
    });
    if ("refused" in result) refuse(result.refused);
    else void move(result.move);
  };

  const remove = (node: Category) => {
    const children = tree.find((n) => n.id === node.id)?.children ?? [];
    return write(
      () => call(contract.shopCategory.delClassifyByIdList, { ids: [node.id, ...children.map((c) => c.id)] }),
      t("shopCategory.deleted", { name: node.name }),
      () => setChosenId(null),
    );
  };

  const addButton = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ editing: null, parentId: null })}>
      {t("shopCategory.add")}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t("shopCategory.treeLabel")}
        extra={
          canExport || addButton ? (
            <Space wrap>
              {/* The whole tree exports (it has no filters), with its Columns dialog and saved column sets. */}
              {canExport ? <ExportControl entry={contract.shopCategory.exportShopClassifyList} input={{}} waits={query.isPending} /> : null}
              {addButton}
            </Space>
          ) : null
        }
        description={canEdit ? t("shopCategory.help") : undefined}
      />
      {query.isError ? (
        <LoadFailed title={t("shopCategory.loadFailed")} error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Card loading={query.isLoading}>
              {tree.length === 0 ? (
                <Empty description={t("shopCategory.empty")}>{addButton}</Empty>
              ) : (
                <Tree
                  aria-label={t("shopCategory.treeLabel")}
                  className="shop-category-tree"
                  blockNode
                  draggable={canEdit && !moving ? { icon: false } : false}
                  treeData={treeData}
                  expandedKeys={expandedKeys}
                  onExpand={(keys) => setExpanded(keys.map(String))}
                  selectedKeys={chosenId ? [chosenId] : []}
                  onSelect={(keys) => setChosenId(keys[0] ? String(keys[0]) : null)}
                  onDrop={onDrop}
                  titleRender={(item) => {
                    const n = (item as { node: Category }).node;
                    return (
                      <span className="shop-category-node" data-category={n.name}>
                        <span>{n.name}</span> <Tag>{goodsCountText(t, n)}</Tag>
                      </span>
                    );
                  }}
                />
              )}
            </Card>
          </Col>
          <Col xs={24} md={10}>
            <Card title={t("shopCategory.selected")}>
              {chosen ? (
                <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
                  <Descriptions column={1} size="small">
                    <Descriptions.Item label={t("shopCategory.name")}>{chosen.name}</Descriptions.Item>
                    <Descriptions.Item label={t("shopCategory.parent")}>
                      {chosenParent ? t("shopCategory.level.sub", { parent: chosenParent.name }) : t("shopCategory.level.top")}
                    </Descriptions.Item>
                    <Descriptions.Item label={t("shopCategory.goods")}>
                      <Link to={paths.categoryGoods(chosen.id, member?.shop?.shopId ?? "", chosen.name)}>{goodsCountText(t, chosen)}</Link>
                    </Descriptions.Item>
                  </Descriptions>
                  {canEdit ? (
                    <>
                      <Space wrap>
                        <Button icon={<ArrowUpOutlined />} disabled={!moves?.up || moving} onClick={() => moves?.up && move(moves.up)}>
                          {t("shopCategory.moveUp")}
                        </Button>
                        <Button
                          icon={<ArrowDownOutlined />}
                          disabled={!moves?.down || moving}
                          onClick={() => moves?.down && move(moves.down)}
                        >
                          {t("shopCategory.moveDown")}
                        </Button>
                        <Button
                          icon={<ArrowRightOutlined />}
                          disabled={!moves?.indent || moving}
                          onClick={() => moves?.indent && move(moves.indent)}
                        >
                          {t("shopCategory.indent")}
                        </Button>
                        <Button
                          icon={<ArrowLeftOutlined />}
                          disabled={!moves?.outdent || moving}
                          onClick={() => moves?.outdent && move(moves.outdent)}
                        >
                          {t("shopCategory.outdent")}
                        </Button>
                      </Space>
                      <Space wrap>
                        {chosen.parentId === null ? (
                          <Button onClick={() => setDrawer({ editing: null, parentId: chosen.id })}>{t("shopCategory.addChild")}</Button>
                        ) : null}
                        <Button onClick={() => setDrawer({ editing: chosen, parentId: chosen.parentId })}>
                          {t("shopCategory.rename")}
                        </Button>
                        <Popconfirm
                          title={t("shopCategory.confirmDelete", { name: chosen.name })}
                          description={
                            <Typography.Paragraph style={{ maxWidth: 320, marginBottom: 0 }}>
                              {chosenChildren.length
                                ? t("shopCategory.confirmDeleteChildren", { count: chosenChildren.length })
                                : t("shopCategory.confirmDeleteHelp", { count: chosen.goodsCount })}
                            </Typography.Paragraph>
                          }
                          okText={t("shopCategory.delete")}
                          okButtonProps={{ danger: true }}
                          onConfirm={() => remove(chosen)}
                        >
                          <Button danger>{t("shopCategory.delete")}</Button>
                        </Popconfirm>
                      </Space>
                    </>
                  ) : null}
                </Space>
              ) : (
                <Typography.Paragraph type="secondary">{t("shopCategory.chooseOne")}</Typography.Paragraph>
              )}
            </Card>
          </Col>
        </Row>
      )}
      {drawer ? <CategoryDrawer editing={drawer.editing} parentId={drawer.parentId} tree={tree} onClose={() => setDrawer(null)} /> : null}
    </>
  );
}
