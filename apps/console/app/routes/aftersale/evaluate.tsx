import { useState } from "react";
import { Button, Form, Input, Popconfirm, Radio, Space, Table, Typography } from "antd";
import { evaluateEndpoints, type StaffEvaluation } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import ListFilters, { type FilterField } from "../../components/ListFilters.tsx";
import EvaluationCell from "../../components/aftersale/EvaluationCell.tsx";
import FormDialog from "../../components/aftersale/FormDialog.tsx";
import GoodsCell from "../../components/aftersale/GoodsCell.tsx";
import { fieldRule } from "../../components/settings/zod-rule.ts";
import { fullTime } from "../../lib/format.ts";
import { tablePagination, useListQuery } from "../../lib/use-list-query.ts";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { NO_PAGE, useStaffQuery } from "../../lib/use-staff-query.ts";

export function meta() {
  return [{ title: "评价管理 - 商城管理后台" }];
}

const replyBody = evaluateEndpoints["/shopapi/goodsevaluate/reply"].body;
const FILTER_FIELDS: FilterField[] = [
  { kind: "select", name: "explain_type", label: "评价类型", width: 110, options: [{ value: "1", label: "好评" }, { value: "2", label: "中评" }, { value: "3", label: "差评" }] },
  { kind: "text", name: "keyword", label: "关键词", placeholder: "评价内容、商品或买家", width: 220, maxLength: 50 },
];

/** Something waits for review: the evaluation, or a follow-up written since. */
const waitsForAudit = (item: StaffEvaluation) => item.is_audit === 0 || (item.again_time > 0 && item.again_is_audit === 0);

interface ReplyValues {
  explain_first?: string;
  again_explain?: string;
}

/**
 * 评价管理: buyers' evaluations and follow-ups, newest first; ?is_audit=0 shows what waits for review.
 * Passing shows an evaluation on the goods page; replies show under it; deleting removes it for good.
 */
export default function EvaluatePage() {
  const call = useStaffCall();
  const { query, setFilters, setPage } = useListQuery();
  const [replying, setReplying] = useState<StaffEvaluation | null>(null);
  const { filters } = query;
  const audit = filters.is_audit ?? "";
  const { data, loading, refreshAfter } = useStaffQuery(
    "/shopapi/goodsevaluate/lists",
    { page: query.page, page_size: query.pageSize, is_audit: audit === "" ? "all" : Number(audit), explain_type: Number(filters.explain_type || 0), keyword: filters.keyword ?? "" },
    NO_PAGE,
  );

  const auditOne = (item: StaffEvaluation, result: 1 | -1) =>
    refreshAfter(call("/shopapi/goodsevaluate/audit", { evaluate_id: item.evaluate_id, is_audit: result }), result === 1 ? "审核通过，评价已在商品页展示" : "已拒绝，评价不会展示");
  const remove = (item: StaffEvaluation) => refreshAfter(call("/shopapi/goodsevaluate/delete", { evaluate_id: item.evaluate_id }), "评价已删除");
  const reply = async (values: ReplyValues) => {
    if (!replying) return false;
    const body = { evaluate_id: replying.evaluate_id, explain_first: values.explain_first ?? "", ...(replying.again_time > 0 ? { again_explain: values.again_explain ?? "" } : {}) };
    return refreshAfter(call("/shopapi/goodsevaluate/reply", body), "回复已保存");
  };

  const filterBar = (
    <Space orientation="vertical" size={12}>
      <Radio.Group
        optionType="button"
        value={audit}
        onChange={(event) => setFilters({ is_audit: event.target.value as string })}
        options={[{ value: "", label: "全部" }, { value: "0", label: "待审核" }, { value: "1", label: "已通过" }, { value: "-1", label: "已拒绝" }]}
        aria-label="审核状态"
      />
      <ListFilters fields={FILTER_FIELDS} filters={filters} onSearch={setFilters} />
    </Space>
  );

  return (
    <ConsolePage title="评价管理" filters={filterBar}>
      <Table<StaffEvaluation>
        rowKey="evaluate_id"
        loading={loading}
        dataSource={data.list}
        pagination={tablePagination(query, data.count, setPage)}
        locale={{ emptyText: audit === "0" ? "没有待审核的评价" : "没有评价" }}
        columns={[
          {
            title: "商品",
            key: "goods",
            width: 260,
            render: (_, item) => <GoodsCell image={item.sku_image} name={item.sku_name} extra={<Typography.Text type="secondary">订单号 {item.order_no}</Typography.Text>} />,
          },
          { title: "买家", dataIndex: "member_name", width: 120 },
          { title: "评价", key: "content", render: (_, item) => <EvaluationCell evaluation={item} /> },
          { title: "评价时间", dataIndex: "create_time", width: 150, render: (time: number) => fullTime(time) },
          {
            title: "操作",
            key: "actions",
            width: 170,
            render: (_, item) => (
              <Space size={0} wrap>
                {waitsForAudit(item) && (
                  <>
                    <Button type="link" size="small" onClick={() => void auditOne(item, 1)}>
                      通过
                    </Button>
                    <Popconfirm title="拒绝后该评价（或追评）不会展示，确定？" okText="拒绝" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => auditOne(item, -1)}>
                      <Button type="link" size="small" danger>
                        拒绝
                      </Button>
                    </Popconfirm>
                  </>
                )}
                <Button type="link" size="small" onClick={() => setReplying(item)}>
                  {item.explain_first || item.again_explain ? "修改回复" : "回复"}
                </Button>
                <Popconfirm title="删除这条评价？" description="删除后不可恢复，买家也不能再评价这件商品" okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => remove(item)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormDialog<ReplyValues>
        title="回复评价"
        okText="保存回复"
        open={replying !== null}
        initialValues={replying ? { explain_first: replying.explain_first, again_explain: replying.again_explain } : {}}
        onClose={() => setReplying(null)}
        onSubmit={reply}
      >
        {replying && <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>{replying.content}</Typography.Paragraph>}
        <Form.Item name="explain_first" label="回复评价" extra="留空则撤回回复" rules={[fieldRule(replyBody, "explain_first", "回复")]}>
          <Input.TextArea rows={3} maxLength={500} showCount autoFocus />
        </Form.Item>
        {replying && replying.again_time > 0 && (
          <Form.Item name="again_explain" label="回复追评" rules={[fieldRule(replyBody, "again_explain", "追评回复")]}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        )}
      </FormDialog>
    </ConsolePage>
  );
}
