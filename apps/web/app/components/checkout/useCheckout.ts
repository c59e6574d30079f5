import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { App } from "antd";
import { ApiError, isTokenCode, type OrderCalculation, type OrderPaymentPreview } from "@shop/contract";
import { browserApi } from "../../lib/api.ts";
import { useApiErrorHandler } from "../../lib/api-errors.ts";
import { useCart } from "../chrome/cart/cart-context.tsx";
import { afterCreatePath, calculateBody, initialChoices, type CheckoutChoices } from "./checkout-choices.ts";
import { checkoutPaths, type CheckoutKind } from "./checkout-kind.ts";

/** Typing in a text field waits this long before the amounts are asked for again. */
const CALCULATE_DELAY_MS = 250;

export interface CheckoutState {
  choices: CheckoutChoices;
  change: (patch: Partial<CheckoutChoices>) => void;
  calculation: OrderCalculation | null;
  /** the server's refusal of the current choices ("" when none) */
  calculationError: string;
  calculating: boolean;
  buyerMessage: string;
  setBuyerMessage: (value: string) => void;
  payPassword: string;
  setPayPassword: (value: string) => void;
  submitting: boolean;
  submit: () => Promise<void>;
  /** asks for the amounts again (after an address was added or edited) */
  recalculate: () => void;
}

/**
 * The checkout page's state: the shopper's choices, the server's calculation of them (asked again
 * on every change, the latest answer wins) and the submit, which goes to the cashier or, when
 * nothing is left to pay, to the result page. The calls go to the kind's prefix (checkout-kind.ts).
 */
export function useCheckout(kind: CheckoutKind, preview: OrderPaymentPreview, initialCalculation: OrderCalculation | null, initialError: string): CheckoutState {
  const paths = checkoutPaths(kind);
  const [choices, setChoices] = useState(() => initialChoices(preview));
  const [calculation, setCalculation] = useState(initialCalculation);
  const [calculationError, setCalculationError] = useState(initialError);
  const [calculating, setCalculating] = useState(false);
  const [buyerMessage, setBuyerMessage] = useState("");
  const [payPassword, setPayPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [round, setRound] = useState(0);
  const handleError = useApiErrorHandler();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const cart = useCart();

  const isVirtual = preview.is_virtual === 1;
  const body = useMemo(() => calculateBody(preview.order_key, choices, isVirtual), [preview.order_key, choices, isVirtual]);
  const bodyKey = JSON.stringify(body);
  // The loader calculated the initial choices: no need to ask again until something changes.
  const loaderKey = useRef(initialCalculation || initialError ? JSON.stringify(calculateBody(preview.order_key, initialChoices(preview), isVirtual)) : null);
  const latest = useRef(0);

  useEffect(() => {
    if (round === 0 && bodyKey === loaderKey.current) return;
    loaderKey.current = null;
    const run = ++latest.current;
    setCalculating(true);
    const timer = setTimeout(() => {
      browserApi
        .call(paths.calculate, JSON.parse(bodyKey) as typeof body)
        .then((data) => {
          if (run !== latest.current) return;
          setCalculation(data);
          setCalculationError("");
        })
        .catch((error: unknown) => {
          if (run !== latest.current) return;
          if (error instanceof ApiError && isTokenCode(error.code)) handleError(error, { forceLogin: true });
          else setCalculationError(error instanceof Error ? error.message : "计算订单金额失败，请稍后再试");
        })
        .finally(() => {
          if (run === latest.current) setCalculating(false);
        });
    }, CALCULATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [bodyKey, round, handleError, paths.calculate]);

  const change = useCallback((patch: Partial<CheckoutChoices>) => setChoices((current) => ({ ...current, ...patch })), []);
  const recalculate = useCallback(() => setRound((value) => value + 1), []);

  const submit = async () => {
    if (!calculation || submitting) return;
    // The amounts of the latest choices are not in yet: the shopper confirms what is shown.
    if (calculating) return void message.info("正在计算订单金额，请稍候再提交");
    if (calculationError) return void message.error(calculationError);
    if (calculation.submit_blocked_reason) return void message.warning(calculation.submit_blocked_reason);
    if (calculation.need_pay_password && !payPassword) return void message.warning("请输入支付密码");
    setSubmitting(true);
    try {
      // The coupon the shopper saw applied, never "best" again: create uses exactly what the amounts showed.
      const coupon = JSON.stringify({ coupon_id: calculation.coupon_id });
      const outTradeNo = await browserApi.call(paths.create, { ...body, coupon, buyer_message: buyerMessage.trim(), pay_password: payPassword, pay_money: calculation.pay_money });
      void cart.refresh();
      void navigate(afterCreatePath(outTradeNo, calculation.pay_money), { replace: true });
    } catch (error) {
      handleError(error, { forceLogin: true });
      setSubmitting(false);
      recalculate();
    }
  };

  return {
    choices, change, calculation, calculationError, calculating, buyerMessage, setBuyerMessage, payPassword, setPayPassword, submitting, submit, recalculate,
  };
}
