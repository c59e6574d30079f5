import type { MemberLevelItem, MemberLevelState } from "@shop/contract";
import { discountLabel, giftLines, levelMark } from "./level-view.ts";

const MARK_TEXT = { current: "当前等级", reached: "已达成", locked: "未达成" } as const;

/** Every level of the ladder: threshold, discount, free shipping and upgrade gifts; the member's own marked. */
export function LevelLadder({ levels, state }: { levels: MemberLevelItem[]; state: MemberLevelState }) {
  return (
    <ol className="level-ladder" aria-label="会员等级">
      {levels.map((level) => {
        const mark = levelMark(level, state, levels);
        const gifts = giftLines(level);
        return (
          <li key={level.level_id} className={`level-card level-card-${mark}`} data-testid="level-card">
            <div className="level-card-head">
              <h3>{level.level_name}</h3>
              <span className="level-card-mark">{MARK_TEXT[mark]}</span>
            </div>
            <p className="level-card-threshold">{level.growth > 0 ? `成长值达到 ${level.growth}` : "注册即可获得"}</p>
            <dl className="level-card-perks">
              <dt>购物折扣</dt>
              <dd>{discountLabel(level.consume_discount)}</dd>
              <dt>快递包邮</dt>
              <dd>{level.is_free_shipping ? "全场包邮" : "不包邮"}</dd>
              <dt>升级礼包</dt>
              <dd>
                {gifts.length ? (
                  <ul>
                    {gifts.map((gift) => (
                      <li key={gift.text} title={gift.title}>
                        {gift.text}
                      </li>
                    ))}
                  </ul>
                ) : (
                  "无"
                )}
              </dd>
            </dl>
            {level.remark && <p className="level-card-remark">{level.remark}</p>}
          </li>
        );
      })}
    </ol>
  );
}
