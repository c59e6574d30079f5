import { Rate, Space, Tag, Typography } from "antd";
import type { StaffEvaluation } from "@shop/contract";
import { fullTime } from "../../lib/format.ts";
import Pictures from "./Pictures.tsx";

const AUDIT_TAGS: Record<number, { color: string; text: string }> = { 0: { color: "orange", text: "待审核" }, 1: { color: "green", text: "已通过" }, [-1]: { color: "red", text: "已拒绝" } };

export function AuditTag({ value }: { value: number }) {
  const tag = AUDIT_TAGS[value] ?? AUDIT_TAGS[0]!;
  return <Tag color={tag.color}>{tag.text}</Tag>;
}

/** The buyer's words: stars, text, pictures and the shop's reply; then the follow-up (追评) with its own. */
export default function EvaluationCell({ evaluation }: { evaluation: StaffEvaluation }) {
  return (
    <Space orientation="vertical" size={4} style={{ maxWidth: 480 }}>
      <Space size={8}>
        <Rate disabled value={evaluation.scores} style={{ fontSize: 14 }} />
        <AuditTag value={evaluation.is_audit} />
        {evaluation.is_anonymous === 1 && <Tag>匿名</Tag>}
      </Space>
      <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: "pre-wrap" }}>{evaluation.content || "（未填写评价内容）"}</Typography.Paragraph>
      <Pictures paths={evaluation.images} label="评价图片" size={56} />
      {evaluation.explain_first && <Typography.Text type="secondary">商家回复：{evaluation.explain_first}</Typography.Text>}
      {evaluation.again_time > 0 && (
        <div style={{ borderTop: "1px dashed #ddd", paddingTop: 6 }}>
          <Space size={8}>
            <Typography.Text strong>追评</Typography.Text>
            <AuditTag value={evaluation.again_is_audit} />
            <Typography.Text type="secondary">{fullTime(evaluation.again_time)}</Typography.Text>
          </Space>
          <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: "pre-wrap" }}>{evaluation.again_content}</Typography.Paragraph>
          <Pictures paths={evaluation.again_images} label="追评图片" size={56} />
          {evaluation.again_explain && <Typography.Text type="secondary">商家回复：{evaluation.again_explain}</Typography.Text>}
        </div>
      )}
    </Space>
  );
}
