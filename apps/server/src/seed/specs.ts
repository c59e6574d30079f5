import type { SpecDef } from "./catalog-types.ts";
import type { LeafPlan } from "./catalog.ts";
import type { Random } from "./random.ts";

/** A spec value a goods uses, with the ids stored in the spec formats. */
export interface ChosenValue {
  spec_id: number;
  spec_name: string;
  spec_value_id: number;
  spec_value_name: string;
  /** position in the spec's full value list: later values (more storage, bigger size) cost more */
  rank: number;
  priceStep: number;
}

/**
 * Stable ids for spec names and spec values, assigned in catalog order, so a value keeps its id
 * whatever the seed size ("颜色" is always the same spec_id, "黑色" the same spec_value_id).
 */
export class SpecIds {
  private readonly specs = new Map<string, number>();
  private readonly values = new Map<string, number>();

  constructor(leaves: LeafPlan[]) {
    for (const leaf of leaves) {
      for (const spec of leaf.specs) {
        if (!this.specs.has(spec.name)) this.specs.set(spec.name, this.specs.size + 1);
        for (const value of spec.values) {
          const key = `${spec.name}\u0000${value}`;
          if (!this.values.has(key)) this.values.set(key, this.values.size + 1);
        }
      }
    }
  }

  value(spec: SpecDef, rank: number): ChosenValue {
    const name = spec.values[rank] as string;
    return {
      spec_id: this.specs.get(spec.name) as number,
      spec_name: spec.name,
      spec_value_id: this.values.get(`${spec.name}\u0000${name}`) as number,
      spec_value_name: name,
      rank,
      priceStep: spec.priceStep,
    };
  }
}

/**
 * Chooses the spec values of one goods: for each spec dimension a random subset (in list order),
 * then trims so the goods has at most `maxSkus` combinations (the last goods fills the exact total).
 */
export function chooseSpecValues(random: Random, specs: SpecDef[], ids: SpecIds, maxSkus: number): ChosenValue[][] {
  const dimensions = specs.map((spec) => {
    const count = random.int(spec.pick[0], spec.pick[1]);
    const ranks = random.sample(
      spec.values.map((_, rank) => rank),
      count,
    );
    return ranks.map((rank) => ids.value(spec, rank));
  });
  const combinations = () => dimensions.reduce((product, values) => product * values.length, 1);
  while (dimensions.length > 1 && combinations() > maxSkus) dimensions.pop();
  const [first] = dimensions;
  if (first && first.length > maxSkus) first.length = Math.max(1, maxSkus);
  return dimensions;
}

/** Every combination of the chosen values, first dimension outermost. */
export function combine(dimensions: ChosenValue[][]): ChosenValue[][] {
  return dimensions.reduce<ChosenValue[][]>((combos, values) => combos.flatMap((combo) => values.map((value) => [...combo, value])), [[]]);
}

/** The stored sku_spec_format entry (without the internal rank). */
export const specFormatEntry = (value: ChosenValue) => ({
  spec_id: value.spec_id,
  spec_name: value.spec_name,
  spec_value_id: value.spec_value_id,
  spec_value_name: value.spec_value_name,
});
