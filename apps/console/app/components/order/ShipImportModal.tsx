import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Alert, App, Button, Modal, Popconfirm, Space, Statistic, Steps, Table, Tag, Typography } from "antd";
import { ORDER_IMPORT_FILE_FIELD, ORDER_IMPORT_MAX_BYTES, ORDER_IMPORT_MAX_ROWS, type OrderImportReport, type OrderImportRow } from "@shop/contract";
import XlsxPicker from "../XlsxPicker.tsx";
import { downloadFile, postForm } from "../../lib/download.ts";
import { useStaffErrorHandler } from "../../lib/use-staff-call.ts";

/**
 * 批量发货(Excel): download the template (the orders waiting to ship), fill in companies and tracking
 * numbers, upload it for a dry run (每行能否发货及原因), confirm, and read what shipped and what did
 * not. The server ships each order on its own (/shopapi/orderimportfile/importorder).
 */
export default function ShipImportModal({ open, onClose, onDone }: { open: boolean; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const handle = useStaffErrorHandler();
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<OrderImportReport | null>(null);
  const [result, setResult] = useState<OrderImportReport | null>(null);
  const [busy, setBusy] = useState<"template" | "check" | "ship" | null>(null);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setCheck(null);
    setResult(null);
  }, [open]);

  const template = async () => {
    setBusy("template");
    await downloadFile("/shopapi/orderimportfile/exportdeliveryorder", {}, "批量发货-待发货订单.xlsx").catch(handle);
    setBusy(null);
  };
  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? "check" : "ship");
    try {
      const answer = await postForm("/shopapi/orderimportfile/importorder", { dry_run: dryRun ? "1" : "0" }, { field: ORDER_IMPORT_FILE_FIELD, file });
      if (dryRun) setCheck(answer);
      else {
        setResult(answer);
        void message.success(`已发货 ${answer.success_num} 个订单${answer.error_num ? `，${answer.error_num} 行未发货` : ""}`);
        onDone();
      }
    } catch (error) {
      handle(error);
    }
    setBusy(null);
  };

  const step = result ? 2 : check ? 1 : 0;
  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" disabled={!file} loading={busy === "check"} onClick={() => void send(true)}>
          预检
        </Button>
      </Space>
    ) : step === 1 ? (
      <Space>
        <Button onClick={() => setCheck(null)}>重新选择文件</Button>
        <Popconfirm
          title={`确认发货 ${check!.success_num} 个订单？`}
          description="每个订单发出其全部待发商品并通知买家；有问题的行不发货。"
          onConfirm={() => send(false)}
          disabled={!check!.success_num}
        >
          <Button type="primary" disabled={!check!.success_num} loading={busy === "ship"}>
            确认发货（{check!.success_num}）
          </Button>
        </Popconfirm>
      </Space>
    ) : (
      <Button type="primary" onClick={onClose}>
        完成
      </Button>
    );

  return (
    <Modal title="批量发货（Excel）" open={open} onCancel={onClose} footer={footer} width={900} destroyOnHidden maskClosable={false}>
      <Steps size="small" current={step} style={{ marginBottom: 16 }} items={[{ title: "下载模板并上传" }, { title: "预检" }, { title: "发货结果" }]} />
      {step === 0 && (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            模板列出全部待发货的快递、同城配送订单；为要发货的订单选择物流公司（模板「物流公司」表）、填写物流单号，删除暂不发货的行。一个文件最多 {ORDER_IMPORT_MAX_ROWS} 行、2 MB。
          </Typography.Paragraph>
          <Button onClick={() => void template()} loading={busy === "template"}>
            下载待发货订单模板
          </Button>
          <XlsxPicker file={file} maxBytes={ORDER_IMPORT_MAX_BYTES} onChange={setFile} />
        </Space>
      )}
      {step === 1 && <ImportRows report={check!} />}
      {step === 2 && <ImportRows report={result!} />}
    </Modal>
  );
}

/** The rows of a dry run (能否发货) or of the shipping (已发货 / 未发货), with each refusal's reason. */
function ImportRows({ report }: { report: OrderImportReport }) {
  const dry = report.dry_run === 1;
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Space size="large">
        <Statistic title="总行数" value={report.order_num} />
        <Statistic title={dry ? "可发货" : "已发货"} value={report.success_num} valueStyle={{ color: "#389e0d" }} />
        <Statistic title={dry ? "有问题" : "未发货"} value={report.error_num} valueStyle={report.error_num ? { color: "#cf1322" } : undefined} />
      </Space>
      {report.error_num > 0 ? (
        <Alert type="warning" showIcon message={dry ? "有问题的行不会发货，可修改文件后重新预检，或确认只发货没有问题的订单" : "未发货的行请按原因处理后再次导入（已发货的订单不会重复发货）"} />
      ) : (
        <Alert type="success" showIcon message={dry ? "没有发现问题，可以发货" : "全部发货成功"} />
      )}
      <Table<OrderImportRow>
        size="small"
        rowKey="line"
        dataSource={report.rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: "行号", dataIndex: "line", width: 64 },
          { title: "订单编号", key: "order_no", width: 200, render: (_, row) => (row.order_id ? <Link to={`/order/detail/${row.order_id}`}>{row.order_no}</Link> : row.order_no || "—") },
          { title: "物流公司", dataIndex: "express_company_name", width: 110 },
          { title: "物流单号", dataIndex: "delivery_no", width: 170 },
          {
            title: "结果",
            key: "result",
            render: (_, row) =>
              row.status === 0 ? <Tag color="green">{dry ? "可发货" : "已发货"}</Tag> : (
                <Space size={4}>
                  <Tag color="red">{dry ? "不能发货" : "未发货"}</Tag>
                  <Typography.Text type="danger">{row.reason}</Typography.Text>
                </Space>
              ),
          },
        ]}
      />
    </Space>
  );
}
