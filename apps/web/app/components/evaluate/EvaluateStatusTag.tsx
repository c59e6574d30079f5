/** 已评价 / 已追评 beside an order's status (order list and detail); nothing before the first evaluation. */
export function EvaluateStatusTag({ isEvaluate }: { isEvaluate: number }) {
  if (isEvaluate !== 1 && isEvaluate !== 2) return null;
  return <span className="order-evaluated">{isEvaluate === 2 ? "已追评" : "已评价"}</span>;
}
