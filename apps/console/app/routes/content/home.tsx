import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { App, Button, Card, Popconfirm, Space, Switch, Tag, Typography } from "antd";
import type { StaffFloor, StaffAdvPosition } from "@shop/contract/domains/admin-content";
import ConsolePage from "../../components/ConsolePage.tsx";
import FormDrawer from "../../components/catalog/FormDrawer.tsx";
import DragSortTable from "../../components/catalog/DragSortTable.tsx";
import FloorFields, { floorBody, floorValues, type FloorValues } from "../../components/content/FloorFields.tsx";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "首页装修 - 商城管理后台" }];
}

/** The home page's ad positions, edited on the ads page. */
const HOME_POSITIONS = ["NS_PC_INDEX_TOP", "NS_PC_INDEX", "NS_PC_INDEX_MID_LEFT", "NS_PC_INDEX_MID_RIGHT", "NS_PC_INDEX_CATEGORY_BELOW"];

const goodsCount = (floor: StaffFloor) =>
  Object.values(floor.value).reduce((sum, block) => sum + (block.type === "goods" ? block.value.goods_ids.length : 0), 0);

/**
 * The storefront's home page: its floors (styles 1–4 with their blocks), dragged into order,
 * shown or hidden, edited in a drawer; the home page's ad positions one click away; and the
 * storefront's home itself beside them, reloaded after every change, as guests now see it.
 */
export default function HomeDesignPage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [floors, setFloors] = useState<StaffFloor[]>([]);
  const [positions, setPositions] = useState<StaffAdvPosition[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<StaffFloor | "new" | null>(null);
  const [previewVersion, setPreviewVersion] = useState(0);

  const load = useCallback(async () => {
    setLoading(true);
    const list = await call("/shopapi/pc/floor", {});
    setLoading(false);
    if (list) setFloors(list);
    setPreviewVersion((version) => version + 1);
  }, [call]);
  useEffect(() => {
    void load();
    void call("/shopapi/adv/index", { page: 1, page_size: 100, search_text: "" }).then((page) => setPositions((page?.list ?? []).filter((position) => HOME_POSITIONS.includes(position.keyword))));
  }, [load, call]);

  const save = async (values: FloorValues) => {
    const body = floorBody(values);
    const done = editing && editing !== "new" ? await call("/shopapi/pc/editfloor", { ...body, id: editing.id }) : await call("/shopapi/pc/addfloor", body);
    if (!done) return false;
    void message.success(editing === "new" ? `楼层「${values.title}」已添加` : "楼层已保存，首页已更新");
    void load();
    return true;
  };
  const setState = async (floor: StaffFloor, shown: boolean) => {
    if ((await call("/shopapi/pc/modifyfloorstate", { id: floor.id, state: shown ? 1 : 0 })) === undefined) return;
    void message.success(shown ? "楼层已显示" : "楼层已隐藏");
    void load();
  };
  const remove = async (floor: StaffFloor) => {
    if ((await call("/shopapi/pc/deletefloor", { id: floor.id })) === undefined) return;
    void message.success(`已删除楼层「${floor.title}」`);
    void load();
  };
  const reorder = async (rows: StaffFloor[]) => {
    setFloors(rows);
    if ((await call("/shopapi/pc/floorsort", { ids: rows.map((row) => row.id) })) !== undefined) void message.success("楼层顺序已保存");
    void load();
  };

  return (
    <ConsolePage title="首页装修" extra={<Button type="primary" onClick={() => setEditing("new")}>添加楼层</Button>}>
      <Card size="small" title="首页广告位" style={{ marginBottom: 16 }}>
        <Space wrap>
          {positions.map((position) => (
            <Link key={position.ap_id} to={`/content/adv?ap_id=${position.ap_id}`}>
              {position.ap_name}（{position.shown_count} 张展示中）
            </Link>
          ))}
          <Typography.Text type="secondary">首页浮层在「设置」中配置</Typography.Text>
        </Space>
      </Card>
      <DragSortTable<StaffFloor>
        rowKey="id"
        loading={loading}
        dataSource={floors}
        onReorder={(rows) => void reorder(rows)}
        locale={{ emptyText: "首页还没有楼层" }}
        columns={[
          { title: "楼层名称", dataIndex: "title" },
          { title: "样式", dataIndex: "block_title", width: 120, render: (title: string) => <Tag>{title}</Tag> },
          { title: "商品数", key: "goods", width: 90, align: "right", render: (_, floor) => goodsCount(floor) },
          {
            title: "显示",
            dataIndex: "state",
            width: 80,
            render: (state: number, floor) => <Switch size="small" checked={state === 1} aria-label={`显示「${floor.title}」`} onChange={(shown) => void setState(floor, shown)} />,
          },
          {
            title: "操作",
            key: "actions",
            width: 130,
            render: (_, floor) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(floor)}>
                  编辑
                </Button>
                <Popconfirm title={`删除楼层「${floor.title}」？`} description="删除后不可恢复" onConfirm={() => remove(floor)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Card
        size="small"
        title="首页预览（访客现在看到的首页）"
        style={{ marginTop: 16 }}
        extra={
          <Space>
            <Button size="small" onClick={() => setPreviewVersion((version) => version + 1)}>
              刷新
            </Button>
            <a href="/web/" target="_blank" rel="noreferrer">
              新窗口打开
            </a>
          </Space>
        }
      >
        <iframe key={previewVersion} title="首页预览" src="/web/" style={{ width: "100%", height: 720, border: 0 }} />
      </Card>
      <FormDrawer<FloorValues>
        title={editing === "new" ? "添加楼层" : `编辑楼层「${editing?.title ?? ""}」`}
        open={editing !== null}
        width={720}
        initialValues={floorValues(editing && editing !== "new" ? editing : null)}
        onClose={() => setEditing(null)}
        onSubmit={save}
      >
        <FloorFields />
      </FormDrawer>
    </ConsolePage>
  );
}
