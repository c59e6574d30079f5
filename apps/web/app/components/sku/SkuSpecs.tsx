import type { SpecFormat, SpecFormatValue } from "@shop/contract";
import { sizedImage } from "./sku-images.ts";

interface SkuSpecsProps {
  specs: SpecFormat[];
  switching: boolean;
  onSelect: (skuId: number) => void;
}

/** One row per spec; a value leads to its SKU, combinations that are missing or sold out are disabled. */
export function SkuSpecs({ specs, switching, onSelect }: SkuSpecsProps) {
  if (specs.length === 0) return null;
  const choose = (value: SpecFormatValue) => {
    if (!value.selected && !value.disabled && value.sku_id > 0) onSelect(value.sku_id);
  };
  return (
    <div className={`sku-specs${switching ? " is-switching" : ""}`} aria-busy={switching}>
      {specs.map((spec) => (
        <div className="sku-row" key={spec.spec_id} role="radiogroup" aria-label={spec.spec_name}>
          <span className="sku-label">{spec.spec_name}</span>
          <div className="sku-specs__values">
            {spec.value.map((value) => (
              <button
                type="button"
                role="radio"
                aria-checked={value.selected}
                key={value.spec_value_id}
                className={`sku-spec${value.selected ? " is-selected" : ""}${value.image ? " has-image" : ""}`}
                // The current SKU's own values stay shown as chosen, even when it is sold out.
                disabled={value.disabled && !value.selected}
                title={value.disabled ? `${value.spec_value_name}（暂无库存）` : value.spec_value_name}
                onClick={() => choose(value)}
              >
                {value.image && <img src={sizedImage(value.image, "small")} alt="" width={28} height={28} />}
                <span>{value.spec_value_name}</span>
              </button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
