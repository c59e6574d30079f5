import { useCallback, useEffect, useMemo, useState } from "react";
import { App, Button, Empty, Popconfirm, Space, Spin, Switch, Tag, Tree, Typography, type TreeProps } from "antd";
import type { AdminCategoryNode } from "@shop/contract/domains/admin-catalog";
import { MAX_CATEGORY_LEVEL } from "@shop/contract/domains/admin-catalog";
import ConsolePage from "../../components/ConsolePage.tsx";
import FormDrawer from "../../components/catalog/FormDrawer.tsx";
import CategoryFormFields, { type CategoryValues } from "../../components/catalog/CategoryForm.tsx";
import { childrenOf, findNode, moveRefusal, parentOptions } from "../../components/catalog/category-tree.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "商品分类 - 商城管理后台" }];
}

type Editing = { mode: "add"; pid: number } | { mode: "edit"; node: AdminCategoryNode } | null;

const LEVEL_NAMES = ["", "一级", "二级", "三级"];

const toBody = (values: CategoryValues) => ({
  category_name: values.category_name,
  short_name: values.short_name ?? "",
  pid: values.pid ?? 0,
  image: values.image ?? "",
  image_adv: values.image_adv ?? "",
  link_url: values.link_url ?? "",
  keywords: values.keywords ?? "",
  description: values.description ?? "",
  is_show: values.is_show ? 1 : 0,
  sort: values.sort ?? 0,
});

const nodeValues = (node: AdminCategoryNode): CategoryValues => ({ ...node, is_show: node.is_show === 1 });

/**
 * The category tree (three levels): drag a category to re-order it among its siblings or to move
 * it under another parent (its sub-categories and goods follow); or edit its 上级分类 in the form.
 */
export default function CategoryPage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [tree, setTree] = useState<AdminCategoryNode[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<Editing>(null);
  const [expanded, setExpanded] = useState<number[] | null>(null);

  const load = useCallback(async () => {
    const list = await call("/shopapi/goodscategory/lists", {});
    setLoading(false);
    if (list) setTree(list);
  }, [call]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: CategoryValues) => {
    const body = toBody(values);
    const done = editing?.mode === "edit" ? await call("/shopapi/goodscategory/editcategory", { category_id: editing.node.category_id, ...body }) : await call("/shopapi/goodscategory/addcategory", body);
    if (!done) return false;
    void message.success(editing?.mode === "edit" ? "分类已保存" : `分类「${values.category_name}」已添加`);
    // Open the parent, keeping what was open (at first: every level-1 category).
    if (body.pid) setExpanded((keys) => [...new Set([...(keys ?? tree.map((node) => node.category_id)), body.pid])]);
    void load();
    return true;
  };
  const remove = async (node: AdminCategoryNode) => {
    if (await call("/shopapi/goodscategory/deletecategory", { category_id: node.category_id })) {
      void message.success(`已删除分类「${node.category_name}」`);
      void load();
    }
  };
  const toggleShow = async (node: AdminCategoryNode, show: boolean) => {
    if (await call("/shopapi/goodscategory/modifyshow", { category_id: node.category_id, is_show: show ? 1 : 0 })) {
      void message.success(show ? `「${node.category_name}」已在商城显示` : `「${node.category_name}」已在商城隐藏`);
      void load();
    }
  };

  /** A drop: before/after a sibling, or into a category (as its first child). */
  const onDrop: TreeProps["onDrop"] = (info) => {
    const dragged = findNode(tree, Number(info.dragNode.key));
    const target = findNode(tree, Number(info.node.key));
    if (!dragged || !target) return;
    const position = info.dropPosition - Number(info.node.pos.split("-").pop());
    const parentId = info.dropToGap ? target.pid : target.category_id;
    const refusal = moveRefusal(tree, dragged, parentId);
    if (refusal) {
      void message.warning(refusal);
      return;
    }
    const siblings = childrenOf(tree, parentId).filter((node) => node.category_id !== dragged.category_id);
    const at = info.dropToGap ? siblings.findIndex((node) => node.category_id === target.category_id) + (position > 0 ? 1 : 0) : 0;
    siblings.splice(at, 0, dragged);
    void (async () => {
      if (parentId !== dragged.pid) {
        const moved = await call("/shopapi/goodscategory/editcategory", { category_id: dragged.category_id, ...toBody({ ...nodeValues(dragged), pid: parentId }) });
        if (!moved) return void load();
      }
      const sorts = siblings.map((node, sort) => ({ category_id: node.category_id, sort })).filter(({ category_id, sort }) => category_id === dragged.category_id || findNode(tree, category_id)?.sort !== sort);
      const sorted = await call("/shopapi/goodscategory/modifysort", { category_sort_array: sorts });
      if (sorted) void message.success(parentId !== dragged.pid ? `已把「${dragged.category_name}」移到${parentId ? `「${findNode(tree, parentId)?.category_name}」下` : "一级分类"}` : "排序已保存");
      void load();
    })();
  };

  const treeData = useMemo(() => {
    const build = (nodes: AdminCategoryNode[]): NonNullable<TreeProps["treeData"]> =>
      nodes.map((node) => ({
        key: node.category_id,
        title: (
          <Space size="middle" className="category-node">
            <Typography.Text strong={node.level === 1}>{node.category_name}</Typography.Text>
            <Tag>{LEVEL_NAMES[node.level]}</Tag>
            {node.is_show === 0 && <Tag color="default">已隐藏</Tag>}
            <Typography.Text type="secondary">商品 {node.goods_count}</Typography.Text>
            <Switch size="small" checked={node.is_show === 1} aria-label={`在商城显示「${node.category_name}」`} onClick={(checked, event) => (event.stopPropagation(), void toggleShow(node, checked))} />
            {node.level < MAX_CATEGORY_LEVEL && (
              <Button type="link" size="small" onClick={(event) => (event.stopPropagation(), setEditing({ mode: "add", pid: node.category_id }))}>
                添加子分类
              </Button>
            )}
            <Button type="link" size="small" onClick={(event) => (event.stopPropagation(), setEditing({ mode: "edit", node }))}>
              编辑
            </Button>
            <Popconfirm
              title={`删除分类「${node.category_name}」？`}
              description={node.child_list.length ? "它还有子分类，须先删除或移走" : node.goods_count ? `它下面还有 ${node.goods_count} 个商品，须先移走` : "删除后不可恢复"}
              onConfirm={() => remove(node)}
            >
              <Button type="link" size="small" danger onClick={(event) => event.stopPropagation()}>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ),
        children: build(node.child_list),
      }));
    return build(tree);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers only call load(), which is stable
  }, [tree]);

  const parents = useMemo(() => parentOptions(tree, editing?.mode === "edit" ? editing.node : undefined), [tree, editing]);
  const initialValues: Partial<CategoryValues> =
    editing?.mode === "edit" ? nodeValues(editing.node) : { pid: editing?.pid ?? 0, is_show: true, sort: childrenOf(tree, editing?.pid ?? 0).length, category_name: "" };

  return (
    <ConsolePage title="商品分类" extra={<Button type="primary" onClick={() => setEditing({ mode: "add", pid: 0 })}>添加一级分类</Button>}>
      <Typography.Paragraph type="secondary">拖动分类可调整顺序，或拖到另一个分类上成为它的子分类（最多三级，子分类和商品随之移动）。改动在商城下一次打开页面时生效。</Typography.Paragraph>
      {loading ? (
        <Spin />
      ) : tree.length === 0 ? (
        <Empty description="还没有商品分类" />
      ) : (
        <Tree
          blockNode
          draggable={{ icon: false }}
          showLine
          treeData={treeData}
          expandedKeys={expanded ?? tree.map((node) => node.category_id)}
          onExpand={(keys) => setExpanded(keys.map(Number))}
          onDrop={onDrop}
          selectable={false}
          aria-label="商品分类树"
        />
      )}
      <FormDrawer<CategoryValues>
        title={editing?.mode === "edit" ? `编辑分类「${editing.node.category_name}」` : "添加商品分类"}
        open={editing !== null}
        initialValues={initialValues}
        onClose={() => setEditing(null)}
        onSubmit={save}
        width={560}
      >
        <CategoryFormFields parents={parents} />
      </FormDrawer>
    </ConsolePage>
  );
}
