import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { App, Button, Input } from "antd";
import { CheckCircleFilled } from "@ant-design/icons";
import { ApiError, PAY_STATUS, centsFromWire, isTokenCode, type PayInfo, type PayMethod, type PayStart } from "@shop/contract";
import { browserApi } from "../../lib/api.ts";
import { loginUrl } from "../../lib/auth.ts";
import { documentHref } from "../../lib/links.ts";
import { handleClosedCode } from "../../lib/site-closed.ts";
import { PayCountdown } from "./PayCountdown.tsx";
import { PayMethodList } from "./PayMethodList.tsx";
import { PayOrderSummary } from "./PayOrderSummary.tsx";
import { PayRechargeSummary } from "./PayRechargeSummary.tsx";
import { PayWaitDialog, type PayWaiting } from "./PayWaitDialog.tsx";
import { cashierPath, resultPath } from "./pay-paths.ts";
import { usePayStatus } from "./usePayStatus.ts";

/** Methods whose answer is a page to open: a tab is opened at the click (later it would be blocked as a popup). */
const PAGE_METHODS = new Set(["sandbox", "alipay"]);

interface CashierProps {
  info: PayInfo;
  methods: PayMethod[];
  /** several orders (/pay/payAll): results go to /pay/resultall */
  merged: boolean;
}

function initialMethod(info: PayInfo, methods: PayMethod[], balanceShort: boolean): string {
  const usable = methods.filter((method) => method.name !== "balance" || !balanceShort);
  return usable.find((method) => method.name === info.pay_type)?.name ?? usable[0]?.name ?? "";
}

function headTitle(info: PayInfo, merged: boolean): string {
  if (info.recharge) return "充值订单提交成功，请尽快付款！";
  return merged ? `您正在合并支付 ${info.orders.length} 个订单，请尽快付款！` : "订单提交成功，请尽快付款！";
}

/**
 * The cashier (/pay, /pay/payAll): the orders (or the recharge order), the amount and the time left, the methods, 立即支付.
 * Balance pays at once; a gateway page opens in a new tab and a QR code shows in a dialog, while
 * this page polls the trade every 2 s and moves to the result page once it is paid.
 */
export function Cashier({ info, methods, merged }: CashierProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const payCents = centsFromWire(info.pay_money);
  const balanceShort = centsFromWire(info.member_balance) < payCents;
  const [method, setMethod] = useState(() => initialMethod(info, methods, balanceShort));
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState<PayWaiting | null>(null);
  const [expired, setExpired] = useState(false);

  const toResult = (code: string) => navigate(resultPath(code, merged));
  usePayStatus(waiting?.code ?? "", waiting !== null, (status) => {
    if (status === PAY_STATUS.PAID) toResult(waiting!.code);
  });

  const showOutcome = (started: PayStart, tab: Window | null) => {
    // The shopper switched method: the orders got a new trade; keep the address bar on it.
    if (started.out_trade_no !== info.out_trade_no) navigate(cashierPath(started.out_trade_no, merged), { replace: true, preventScrollReset: true });
    if (started.type === "paid") {
      tab?.close();
      return void toResult(started.out_trade_no);
    }
    if (started.type === "url") {
      if (tab) tab.location.href = started.data;
      else window.location.assign(started.data);
      return setWaiting({ kind: "url", code: started.out_trade_no, url: started.data });
    }
    tab?.close();
    setWaiting({ kind: "qrcode", code: started.out_trade_no, qrcode: started.qrcode });
  };

  const pay = async () => {
    if (!method || busy) return;
    if (method === "balance" && info.is_pay_password && !password) return void message.warning("请输入支付密码");
    const tab = PAGE_METHODS.has(method) ? window.open("about:blank", "_blank") : null;
    if (tab) tab.opener = null;
    setBusy(true);
    try {
      const started = await browserApi.call("/api/pay/pay", {
        out_trade_no: info.out_trade_no,
        pay_type: method,
        return_url: documentHref(resultPath(info.out_trade_no, merged)),
        ...(method === "balance" && password ? { pay_password: password } : {}),
      });
      showOutcome(started, tab);
    } catch (error) {
      tab?.close();
      if (error instanceof ApiError && isTokenCode(error.code)) return void navigate(loginUrl(cashierPath(info.out_trade_no, merged)));
      if (handleClosedCode(error)) return;
      void message.error(error instanceof Error ? error.message : "支付失败，请重试");
      // The trade was replaced (price changed, another method chosen): reload, and the page moves to the orders' current one.
      if (error instanceof ApiError && error.message.includes("已失效")) void revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  /** 已完成支付: asks once; the poll would get there too. */
  const checkPaid = async () => {
    if (!waiting) return;
    const answer = await browserApi.call("/api/pay/status", { out_trade_no: waiting.code }).catch(() => null);
    if (answer?.pay_status === PAY_STATUS.PAID) return void toResult(waiting.code);
    void message.info("暂未收到支付结果，请完成支付后稍候");
  };

  return (
    <div className="pay-page">
      <section className="pay-panel pay-head">
        <CheckCircleFilled className="pay-head-icon" />
        <div className="pay-head-main">
          <h1 className="pay-head-title">{headTitle(info, merged)}</h1>
          <PayCountdown closeTime={info.auto_close_time} onExpire={() => setExpired(true)} />
        </div>
        <div className="pay-head-amount">
          应付金额<strong className="pay-amount">¥{info.pay_money}</strong>
        </div>
      </section>

      {info.recharge ? (
        <section className="pay-panel">
          <h2 className="pay-panel-title">充值信息</h2>
          <PayRechargeSummary recharge={info.recharge} />
        </section>
      ) : (
        <section className="pay-panel">
          <h2 className="pay-panel-title">订单信息{merged ? `（共 ${info.orders.length} 个订单）` : ""}</h2>
          <PayOrderSummary orders={info.orders} />
        </section>
      )}

      <section className="pay-panel">
        <h2 className="pay-panel-title">选择支付方式</h2>
        <PayMethodList methods={methods} selected={method} onSelect={setMethod} balance={info.member_balance} balanceRefusal={balanceShort ? "余额不足" : ""} />
        {method === "balance" && info.is_pay_password ? (
          <label className="pay-password">
            <span>支付密码</span>
            <Input.Password value={password} onChange={(event) => setPassword(event.target.value)} maxLength={32} placeholder="请输入支付密码" autoComplete="off" onPressEnter={pay} />
          </label>
        ) : null}
        <div className="pay-submit">
          <span className="pay-submit-amount">
            实付金额：<strong className="pay-amount">¥{info.pay_money}</strong>
          </span>
          <Button type="primary" size="large" className="pay-submit-button" loading={busy} disabled={!method || expired} onClick={pay}>
            立即支付
          </Button>
        </div>
      </section>

      <PayWaitDialog waiting={waiting} amount={info.pay_money} onPaid={checkPaid} onClose={() => setWaiting(null)} />
    </div>
  );
}
