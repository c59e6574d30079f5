import { useState } from "react";
import { Link } from "react-router";
import { Alert, App, Button, Card, Popconfirm, Space, Statistic, Table, Typography } from "antd";
import { GOODS_IMPORT_FILE_FIELD, GOODS_IMPORT_MAX_BYTES, GOODS_IMPORT_MAX_ROWS, type GoodsImportReport } from "@shop/contract/domains/goods-admin-import";
import ConsolePage from "../../components/ConsolePage.tsx";
import XlsxPicker from "../../components/XlsxPicker.tsx";
import { downloadFile, postForm } from "../../lib/download.ts";
import { useStaffErrorHandler } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "商品导入 - 商城管理后台" }];
}

/**
 * The Excel import of goods: the template, a workbook dropped in, a dry run (预检) listing the bad
 * rows by line, then the import (the good goods in one unit of work, the bad rows not saved).
 */
export default function GoodsImportPage() {
  const { message } = App.useApp();
  const handle = useStaffErrorHandler();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<GoodsImportReport | null>(null);
  const [busy, setBusy] = useState<"template" | "check" | "import" | null>(null);

  const template = async () => {
    setBusy("template");
    await downloadFile("/shopapi/goods/importtemplate", {}, "商品导入模板.xlsx").catch(handle);
    setBusy(null);
  };
  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? "check" : "import");
    try {
      const answer = await postForm("/shopapi/goods/import", { dry_run: dryRun ? "1" : "0" }, { field: GOODS_IMPORT_FILE_FIELD, file });
      setReport(answer);
      if (dryRun) void message.info(answer.error_count ? `预检完成：${answer.error_count} 处问题` : "预检通过，可以导入");
      else void message.success(`已导入 ${answer.imported} 件商品${answer.error_count ? `，${answer.error_count} 处问题未导入` : ""}`);
    } catch (error) {
      handle(error);
    }
    setBusy(null);
  };
  return (
    <ConsolePage title="商品导入" extra={<Link to="/goods">返回商品列表</Link>}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Card size="small" title="1. 下载模板，按模板填写">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            一行一个 SKU；同一商品的多个 SKU 填同一「商品编号」。分类、品牌和运费模板填名称（见模板「可选值」表）。一个文件最多 {GOODS_IMPORT_MAX_ROWS} 行、5 MB。
          </Typography.Paragraph>
          <Button onClick={() => void template()} loading={busy === "template"}>
            下载导入模板
          </Button>
        </Card>
        <Card size="small" title="2. 上传文件，预检后导入">
          <XlsxPicker
            file={file}
            maxBytes={GOODS_IMPORT_MAX_BYTES}
            onChange={(chosen) => {
              setFile(chosen);
              setReport(null);
            }}
          />
          <Space style={{ marginTop: 12 }}>
            <Button disabled={!file} loading={busy === "check"} onClick={() => void send(true)}>
              预检
            </Button>
            <Popconfirm
              title="确认导入？"
              description="没有问题的商品将全部保存；有问题的行（及其所属商品）不会导入。"
              onConfirm={() => send(false)}
              disabled={!file || report?.valid === 0}
            >
              <Button type="primary" disabled={!file || report?.valid === 0} loading={busy === "import"}>
                导入
              </Button>
            </Popconfirm>
          </Space>
        </Card>
        {report && <ImportReport report={report} />}
      </Space>
    </ConsolePage>
  );
}

function ImportReport({ report }: { report: GoodsImportReport }) {
  return (
    <Card size="small" title={report.dry_run ? "预检结果" : "导入结果"}>
      <Space size="large" style={{ marginBottom: 12 }}>
        <Statistic title="总行数" value={report.total} />
        <Statistic title={report.dry_run ? "可导入行数" : "已导入行数"} value={report.valid} />
        <Statistic title={report.dry_run ? "可导入商品" : "已导入商品"} value={report.dry_run ? report.goods_valid : report.imported} />
        <Statistic title="问题" value={report.error_count} valueStyle={report.error_count ? { color: "#cf1322" } : undefined} />
      </Space>
      {!report.dry_run && report.imported > 0 && (
        <Alert type="success" showIcon style={{ marginBottom: 12 }} message={<>已导入 {report.imported} 件商品。<Link to="/goods">查看商品列表</Link></>} />
      )}
      {report.error_count > 0 ? (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={`以下 ${report.error_count} 处问题所在的行${report.dry_run ? "导入时不会保存" : "未导入"}，修改后可再次导入${report.error_count > report.errors.length ? `（列出前 ${report.errors.length} 处）` : ""}`}
          />
          <Table
            size="small"
            rowKey={(row) => `${row.line}-${row.field}-${row.reason}`}
            dataSource={report.errors}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { title: "行号", dataIndex: "line", width: 80 },
              { title: "字段", dataIndex: "field", width: 120 },
              { title: "原因", dataIndex: "reason" },
            ]}
          />
        </>
      ) : (
        <Alert type="success" showIcon message={report.dry_run ? "没有发现问题，可以导入" : "全部导入成功"} />
      )}
    </Card>
  );
}
