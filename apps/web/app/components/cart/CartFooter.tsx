import { Button, Checkbox } from "antd";
import { formatYuan, type Cents } from "@shop/contract";
import { useConfirm } from "./useConfirm.ts";

interface CartFooterProps {
  allSelected: boolean;
  canSelect: boolean;
  /** the ticked lines: how many kinds and how many pieces */
  selectedKinds: number;
  selectedPieces: number;
  total: Cents;
  onSelectAll: (on: boolean) => void;
  onDeleteSelected: () => Promise<void>;
  onCheckout: () => void;
}

/** The bar under the lines: select all, delete the selected, the selected count and total, 去结算. */
export function CartFooter(props: CartFooterProps) {
  const { allSelected, canSelect, selectedKinds, selectedPieces, total } = props;
  const confirm = useConfirm();
  const deleteSelected = () => {
    // nothing ticked: the call itself says so (请选择要删除的商品)
    if (selectedKinds === 0) return void props.onDeleteSelected();
    confirm(`确定要删除选中的 ${selectedKinds} 种商品吗？`, "删除", props.onDeleteSelected);
  };
  return (
    <div className="cart-footer">
      <Checkbox checked={allSelected} disabled={!canSelect} onChange={(event) => props.onSelectAll(event.target.checked)}>
        全选
      </Checkbox>
      <button type="button" className="cart-link" onClick={deleteSelected}>
        删除选中的商品
      </button>
      <div className="cart-footer__sum">
        <span>
          已选商品 <em className="cart-footer__pieces">{selectedPieces}</em> 件
        </span>
        <span>
          合计（不含运费）：<em className="cart-footer__total">¥{formatYuan(total)}</em>
        </span>
        <Button type="primary" size="large" className="cart-footer__checkout" disabled={selectedKinds === 0} onClick={props.onCheckout}>
          去结算
        </Button>
      </div>
    </div>
  );
}
