import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "antd";
import { centsFromWire, formatYuan, type RechargePackage } from "@shop/contract";
import { useMemberCall } from "../../../lib/api-errors.ts";
import { cashierPath } from "../../pay/pay-paths.ts";
import { RechargeBonusList } from "./RechargeBonusList.tsx";
import { shortYuan } from "./recharge-view.ts";

/** Money a package credits beyond its price ("" when none): 多得 ¥30.00. */
function extraMoney(pack: RechargePackage): string {
  const extra = centsFromWire(pack.face_value) - centsFromWire(pack.buy_price);
  return extra > 0 ? formatYuan(extra) : "";
}

/**
 * The packages as cards (a radio group) and 立即充值: creates the recharge order and goes to the
 * cashier with its trade (/pay?code=), where a gateway collects it.
 */
export function RechargePackagePicker({ packages }: { packages: RechargePackage[] }) {
  const navigate = useNavigate();
  const call = useMemberCall();
  const [selected, setSelected] = useState(packages[0]?.recharge_id ?? 0);
  const [busy, setBusy] = useState(false);
  const chosen = packages.find((pack) => pack.recharge_id === selected);

  const submit = async () => {
    if (!chosen || busy) return;
    setBusy(true);
    try {
      const code = await call("/memberrecharge/api/ordercreate/create", { recharge_id: chosen.recharge_id });
      if (code) await navigate(cashierPath(code, false));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="recharge-packages" role="radiogroup" aria-label="充值套餐">
        {packages.map((pack) => {
          const checked = pack.recharge_id === selected;
          const extra = extraMoney(pack);
          return (
            <button
              key={pack.recharge_id}
              type="button"
              role="radio"
              aria-checked={checked}
              className={`recharge-package${checked ? " is-checked" : ""}`}
              onClick={() => setSelected(pack.recharge_id)}
            >
              <span className="recharge-package-name">{pack.recharge_name}</span>
              <span className="recharge-package-face">
                <strong>{shortYuan(pack.face_value)}</strong>元
              </span>
              <span className="recharge-package-price">
                售价 ¥{pack.buy_price}
                {extra && <em className="recharge-package-extra">多得 ¥{extra}</em>}
              </span>
              <RechargeBonusList item={pack} />
            </button>
          );
        })}
      </div>
      {chosen && (
        <div className="recharge-submit">
          <span className="recharge-submit-line">
            到账金额 <strong>¥{chosen.face_value}</strong>
          </span>
          <span className="recharge-submit-line">
            应付金额 <strong className="recharge-submit-pay">¥{chosen.buy_price}</strong>
          </span>
          <Button type="primary" size="large" loading={busy} onClick={submit} className="recharge-submit-button">
            立即充值
          </Button>
        </div>
      )}
    </>
  );
}
