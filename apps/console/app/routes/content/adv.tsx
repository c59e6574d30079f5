import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import dayjs, { type Dayjs } from "dayjs";
import { App, Button, DatePicker, Form, Image, Input, InputNumber, Popconfirm, Space, Switch, Table, Tag, Typography } from "antd";
import type { Page } from "@shop/contract/codes";
import { advFields, advPositionFields, type StaffAdv, type StaffAdvPosition } from "@shop/contract/domains/admin-content";
import ConsolePage from "../../components/ConsolePage.tsx";
import ImageField from "../../components/ImageField.tsx";
import FormDrawer from "../../components/catalog/FormDrawer.tsx";
import DragSortTable from "../../components/catalog/DragSortTable.tsx";
import { fieldRule } from "../../components/settings/zod-rule.ts";
import { pictureUrl } from "../../lib/format.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "广告管理 - 商城管理后台" }];
}

interface AdvValues {
  adv_title: string;
  adv_image: string;
  adv_url: string;
  background: string;
  state: boolean;
  window?: [Dayjs | null, Dayjs | null] | null;
}

const timeText = (seconds: number) => (seconds ? dayjs.unix(seconds).format("YYYY-MM-DD HH:mm") : "");
const toSeconds = (time: Dayjs | null | undefined) => (time ? time.unix() : 0);

function windowText(ad: StaffAdv): string {
  if (!ad.start_time && !ad.end_time) return "长期";
  return `${timeText(ad.start_time) || "即日"} 至 ${timeText(ad.end_time) || "长期"}`;
}

const advRule = (field: keyof typeof advFields.shape, label: string) => fieldRule(advFields, field, label);

/**
 * Ad positions (the storefront asks for each by its keyword: the home carousel NS_PC_INDEX, the
 * top ad NS_PC_INDEX_TOP …) and their ads: pictures, links, background colours, a time window;
 * dragged into the order the carousel shows them. The selected position is in the URL (?ap_id=).
 */
export default function AdvPage() {
  const call = useStaffCall();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [positions, setPositions] = useState<StaffAdvPosition[]>([]);
  const [ads, setAds] = useState<StaffAdv[]>([]);
  const [loading, setLoading] = useState(true);
  const [editingAd, setEditingAd] = useState<StaffAdv | "new" | null>(null);
  const [editingPosition, setEditingPosition] = useState<StaffAdvPosition | null>(null);
  const selectedId = Number(params.get("ap_id")) || positions[0]?.ap_id || 0;
  const selected = positions.find((position) => position.ap_id === selectedId);

  const loadPositions = useCallback(async () => {
    const page = await call("/shopapi/adv/index", { page: 1, page_size: 100, search_text: "" });
    if (page) setPositions(page.list);
  }, [call]);
  const loadAds = useCallback(async () => {
    if (!selectedId) return;
    setLoading(true);
    const page: Page<StaffAdv> | undefined = await call("/shopapi/adv/lists", { ap_id: selectedId, page: 1, page_size: 100, search_text: "" });
    setLoading(false);
    if (page) setAds(page.list);
  }, [call, selectedId]);
  useEffect(() => {
    void loadPositions();
  }, [loadPositions]);
  useEffect(() => {
    void loadAds();
  }, [loadAds]);
  const reload = () => void Promise.all([loadPositions(), loadAds()]);

  const saveAd = async (values: AdvValues) => {
    const body = {
      ap_id: selectedId,
      adv_title: values.adv_title,
      adv_image: values.adv_image ?? "",
      adv_url: values.adv_url ?? "",
      background: values.background ?? "",
      state: values.state ? 1 : 0,
      start_time: toSeconds(values.window?.[0]),
      end_time: toSeconds(values.window?.[1]),
    } as const;
    const done = editingAd && editingAd !== "new" ? await call("/shopapi/adv/editadv", { ...body, adv_id: editingAd.adv_id }) : await call("/shopapi/adv/addadv", body);
    if (!done) return false;
    void message.success(editingAd === "new" ? `广告「${values.adv_title}」已添加` : "广告已保存");
    reload();
    return true;
  };
  const setState = async (ad: StaffAdv, on: boolean) => {
    if ((await call("/shopapi/adv/alteradvstate", { adv_id: ad.adv_id, state: on ? 1 : 0 })) !== undefined) {
      void message.success(on ? "广告已启用" : "广告已停用");
      reload();
    }
  };
  const remove = async (ad: StaffAdv) => {
    if ((await call("/shopapi/adv/deleteadv", { adv_id: ad.adv_id })) !== undefined) {
      void message.success(`已删除广告「${ad.adv_title}」`);
      reload();
    }
  };
  const reorder = async (rows: StaffAdv[]) => {
    setAds(rows);
    if ((await call("/shopapi/adv/sortadv", { ap_id: selectedId, ids: rows.map((row) => row.adv_id) })) !== undefined) void message.success("排序已保存");
    void loadAds();
  };
  const savePosition = async (values: Omit<StaffAdvPosition, "is_use"> & { is_use: boolean }) => {
    if (!editingPosition) return false;
    const done = await call("/shopapi/adv/editposition", { ...values, ap_id: editingPosition.ap_id, is_use: values.is_use ? 1 : 0 });
    if (!done) return false;
    void message.success("广告位已保存");
    reload();
    return true;
  };

  return (
    <ConsolePage title="广告管理">
      <div style={{ display: "grid", gridTemplateColumns: "300px minmax(0, 1fr)", gap: 16, alignItems: "start" }}>
        <Table<StaffAdvPosition>
          rowKey="ap_id"
          size="small"
          dataSource={positions}
          pagination={false}
          aria-label="广告位"
          rowClassName={(position) => (position.ap_id === selectedId ? "ant-table-row-selected" : "")}
          onRow={(position) => ({ onClick: () => setParams({ ap_id: String(position.ap_id) }) })}
          columns={[
            {
              title: "广告位",
              dataIndex: "ap_name",
              render: (name: string, position) => (
                <Space direction="vertical" size={0}>
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setParams({ ap_id: String(position.ap_id) })} aria-current={position.ap_id === selectedId}>
                    {name}
                  </Button>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {position.keyword} · {position.ap_width}×{position.ap_height}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: "展示中",
              key: "shown",
              width: 80,
              render: (_, position) => (position.is_use ? `${position.shown_count}/${position.adv_count}` : <Tag>已关闭</Tag>),
            },
            { title: "操作", key: "edit", width: 64, render: (_, position) => <Button type="link" size="small" onClick={() => setEditingPosition(position)}>设置</Button> },
          ]}
        />
        <div>
          <Space style={{ marginBottom: 12, justifyContent: "space-between", width: "100%" }}>
            <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
              {selected ? `「${selected.ap_name}」的广告` : "广告"}
            </Typography.Title>
            <Button type="primary" disabled={!selected} onClick={() => setEditingAd("new")}>
              添加广告
            </Button>
          </Space>
          <DragSortTable<StaffAdv>
            rowKey="adv_id"
            loading={loading}
            dataSource={ads}
            onReorder={(rows) => void reorder(rows)}
            locale={{ emptyText: "该广告位还没有广告" }}
            columns={[
              {
                title: "图片",
                dataIndex: "adv_image",
                width: 130,
                render: (image: string, ad) => <Image src={pictureUrl(image)} width={110} height={44} style={{ objectFit: "cover", background: ad.background || undefined }} alt={ad.adv_title} preview={false} />,
              },
              {
                title: "名称",
                dataIndex: "adv_title",
                render: (title: string, ad) => (
                  <div style={{ minWidth: 160 }}>
                    <div>{title}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: "break-all" }}>{ad.adv_url || "无链接"}</Typography.Text>
                  </div>
                ),
              },
              { title: "时间", key: "window", width: 150, render: (_, ad) => windowText(ad) },
              {
                title: "状态",
                dataIndex: "state",
                width: 150,
                render: (state: number, ad) => (
                  <Space>
                    <Switch size="small" checked={state === 1} aria-label={`启用「${ad.adv_title}」`} onChange={(on) => void setState(ad, on)} />
                    {ad.showing ? <Tag color="green">展示中</Tag> : <Tag>未展示</Tag>}
                  </Space>
                ),
              },
              {
                title: "操作",
                key: "actions",
                width: 120,
                render: (_, ad) => (
                  <Space>
                    <Button type="link" size="small" onClick={() => setEditingAd(ad)}>
                      编辑
                    </Button>
                    <Popconfirm title={`删除广告「${ad.adv_title}」？`} description="删除后不可恢复" onConfirm={() => remove(ad)}>
                      <Button type="link" size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </div>
      </div>

      <FormDrawer<AdvValues>
        title={editingAd === "new" ? `添加广告到「${selected?.ap_name ?? ""}」` : "编辑广告"}
        open={editingAd !== null}
        initialValues={
          editingAd && editingAd !== "new"
            ? { ...editingAd, state: editingAd.state === 1, window: [editingAd.start_time ? dayjs.unix(editingAd.start_time) : null, editingAd.end_time ? dayjs.unix(editingAd.end_time) : null] }
            : { adv_title: "", adv_image: "", adv_url: "", background: "", state: true, window: null }
        }
        onClose={() => setEditingAd(null)}
        onSubmit={saveAd}
      >
        <Form.Item name="adv_title" label="广告名称" validateFirst rules={[{ required: true, whitespace: true, message: "请填写广告名称" }, advRule("adv_title", "广告名称")]}>
          <Input maxLength={50} showCount autoFocus />
        </Form.Item>
        <Form.Item
          name="adv_image"
          label={`广告图片${selected ? `（建议 ${selected.ap_width}×${selected.ap_height}）` : ""}`}
          rules={[{ required: true, message: "请上传广告图片" }]}
        >
          <ImageField kind="content" aria-label="上传广告图片" />
        </Form.Item>
        <Form.Item name="adv_url" label="链接地址" extra="站内路径以 / 开头（如 /goods/list?category_id=1），或 http(s) 网址；留空则不跳转" rules={[advRule("adv_url", "链接地址")]}>
          <Input maxLength={500} placeholder="/goods/list?keyword=…" />
        </Form.Item>
        <Form.Item name="background" label="背景色" extra="轮播图两侧的底色，如 #e4393c；留空用广告位的底色" rules={[advRule("background", "背景色")]}>
          <Input maxLength={7} placeholder="#ffffff" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="window" label="展示时间" extra="留空表示立即开始、长期展示；时间外的广告访客看不到">
          <DatePicker.RangePicker showTime={{ format: "HH:mm" }} format="YYYY-MM-DD HH:mm" allowEmpty={[true, true]} placeholder={["开始时间", "结束时间"]} />
        </Form.Item>
        <Form.Item name="state" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormDrawer>

      <FormDrawer<Omit<StaffAdvPosition, "is_use"> & { is_use: boolean }>
        title={`广告位设置：${editingPosition?.keyword ?? ""}`}
        open={editingPosition !== null}
        initialValues={editingPosition ? { ...editingPosition, is_use: editingPosition.is_use === 1 } : {}}
        onClose={() => setEditingPosition(null)}
        onSubmit={savePosition}
      >
        <Form.Item name="ap_name" label="广告位名称" validateFirst rules={[{ required: true, whitespace: true, message: "请填写广告位名称" }, fieldRule(advPositionFields, "ap_name", "广告位名称")]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="ap_intro" label="简介" rules={[fieldRule(advPositionFields, "ap_intro", "简介")]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <Space>
          <Form.Item name="ap_width" label="宽度（像素）">
            <InputNumber min={0} max={5000} precision={0} />
          </Form.Item>
          <Form.Item name="ap_height" label="高度（像素）">
            <InputNumber min={0} max={5000} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item name="ap_background_color" label="背景色" rules={[fieldRule(advPositionFields, "ap_background_color", "背景色")]}>
          <Input maxLength={7} placeholder="#ffffff" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="is_use" label="启用" valuePropName="checked" extra="关闭后该广告位不展示任何广告">
          <Switch />
        </Form.Item>
      </FormDrawer>
    </ConsolePage>
  );
}
