import { useCallback, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { Button, Result, Skeleton } from "antd";
import type { StaffRefundDetail } from "@shop/contract";
import ConsolePage from "../../components/ConsolePage.tsx";
import RefundActions from "../../components/aftersale/RefundActions.tsx";
import RefundInfo from "../../components/aftersale/RefundInfo.tsx";
import { useStaffCall } from "../../lib/use-staff-call.ts";

export function meta() {
  return [{ title: "退款详情 - 商城管理后台" }];
}

/** One line's latest refund: the application, the money, the timeline, and what staff may do now. */
export default function RefundDetailPage() {
  const call = useStaffCall();
  const orderGoodsId = Number(useParams().orderGoodsId);
  const [refund, setRefund] = useState<StaffRefundDetail | null | "missing">(null);

  const load = useCallback(async () => {
    if (!Number.isInteger(orderGoodsId) || orderGoodsId <= 0) return setRefund("missing");
    const detail = await call("/shopapi/orderrefund/detail", { order_goods_id: orderGoodsId });
    setRefund(detail ?? "missing");
  }, [call, orderGoodsId]);
  useEffect(() => {
    void load();
  }, [load]);

  const back = <Link to="/aftersale/refund"><Button>返回列表</Button></Link>;
  if (refund === "missing") {
    return (
      <ConsolePage title="退款详情" extra={back}>
        <Result status="404" title="退款信息不存在" />
      </ConsolePage>
    );
  }
  return (
    <ConsolePage title="退款详情" extra={back} filters={refund ? <RefundActions refund={refund} onDone={() => void load()} /> : undefined}>
      {refund ? <RefundInfo refund={refund} /> : <Skeleton active />}
    </ConsolePage>
  );
}
