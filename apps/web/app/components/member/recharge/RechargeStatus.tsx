/** A recharge order's status as a coloured label: 待支付 (orange), 已支付 (green), 已关闭 (grey). */
const TONE: Record<number, string> = { 0: "wait", 1: "paid", [-1]: "closed" };

export function RechargeStatus({ status, name }: { status: number; name: string }) {
  return <span className={`recharge-status recharge-status-${TONE[status] ?? "closed"}`}>{name}</span>;
}
