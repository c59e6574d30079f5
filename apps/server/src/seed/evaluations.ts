import { sql, type Kysely } from "kysely";
import type { DB, NewRow } from "../db/schema.ts";
import { insertRows } from "./db-write.ts";
import { BASE_TIME, DAY, randomFor, type Random } from "./random.ts";

/**
 * Demo evaluations for the seeded goods: mostly good, some neutral and bad, some with pictures
 * (the goods' own pictures, already rendered), some anonymous, some with a follow-up and a shop
 * reply. Each goods draws from its own random stream, so the result is the same on every run
 * and database. Afterwards goods.evaluate holds the real number of shown evaluations.
 */

const GOOD = [
  "质量很好，做工精细，和描述的一模一样", "物流很快，第二天就到了，包装也很严实", "性价比很高，这个价格买到很值",
  "已经是第二次回购了，一如既往的好", "颜色很正，没有色差，实物比图片还好看", "客服态度很好，耐心解答了我的问题",
  "用了几天才来评价，整体非常满意", "送给家人的，他们都说很喜欢", "细节处理得很到位，看得出是用心做的",
  "手感很好，用起来很顺手", "大品牌就是放心，正品无疑", "活动期间买的，价格很划算",
];
const NEUTRAL = [
  "东西还行，就是物流慢了点", "整体一般，和预期有点差距", "质量中规中矩，对得起这个价格",
  "包装有点简陋，好在东西没坏", "用着还可以，有些小细节不够完美", "颜色和图片略有差别，能接受",
];
const BAD = [
  "收到的时候外包装破损了，有点失望", "和描述不太一样，做工比较粗糙", "用了两天就出现问题了，不太满意",
  "发货太慢了，等了一个星期", "有明显的使用痕迹，怀疑不是新品", "尺寸偏差比较大，不推荐",
];
const AGAIN = [
  "用了一个月了，依然很好用，追评一下", "使用一段时间后感觉还不错，没有出现问题", "追加评价：耐用度不错，值得购买",
  "用久了发现有一点小瑕疵，总体还行", "家人用了都说好，准备再买一个",
];
const REPLY_THANKS = ["感谢您的支持与认可，期待您的再次光临！", "亲，感谢您的好评，我们会继续努力为您提供更好的商品和服务~"];
const REPLY_SORRY = [
  "亲，非常抱歉给您带来不好的体验，客服已联系您处理，请留意消息。",
  "抱歉让您失望了，您可以在订单中申请售后，我们会第一时间为您处理。",
];
const NAME_HEADS = ["快乐的", "爱吃鱼的", "安静的", "阳光", "追风的", "温柔的", "小小", "路过的", "认真的", "元气"];
const NAME_TAILS = ["小猫", "星星", "橘子", "大白", "木木", "晴天", "阿杰", "团子", "西瓜", "可乐", "小鹿", "旅人"];

/** Shares of the three kinds (the rest is good) and of the optional parts. */
const BAD_SHARE = 0.08;
const NEUTRAL_SHARE = 0.14;
const PICTURE_SHARE = 0.3;
const ANONYMOUS_SHARE = 0.2;
const AGAIN_SHARE = 0.15;
const REPLY_SHARE = 0.3;
/** Goods read per query. */
const CHUNK = 1000;

interface SeedGoods {
  goods_id: number;
  goods_image: string;
  create_time: number;
}

interface SeedSku {
  sku_id: number;
  goods_id: number;
  sku_name: string;
  spec_name: string;
  price_cents: number;
  sku_image: string;
}

/** Writes evaluations for every goods in the database; returns how many. Run once, after the goods. */
export async function seedEvaluations(db: Kysely<DB>): Promise<number> {
  let written = 0;
  let lastGoodsId = 0;
  for (;;) {
    const goods = await db
      .selectFrom("goods")
      .select(["goods_id", "goods_image", "create_time"])
      .where("goods_id", ">", lastGoodsId)
      .orderBy("goods_id")
      .limit(CHUNK)
      .execute();
    if (goods.length === 0) break;
    lastGoodsId = goods[goods.length - 1]!.goods_id;
    const skus = await db
      .selectFrom("goods_sku")
      .select(["sku_id", "goods_id", "sku_name", "spec_name", "price_cents", "sku_image"])
      .where("goods_id", "in", goods.map((item) => item.goods_id))
      .orderBy("sku_id")
      .execute();
    const skusByGoods = new Map<number, SeedSku[]>();
    for (const sku of skus) skusByGoods.set(sku.goods_id, [...(skusByGoods.get(sku.goods_id) ?? []), sku]);
    const rows = goods.flatMap((item) => buildEvaluations(item, skusByGoods.get(item.goods_id) ?? []));
    await insertRows(db, "goods_evaluate", rows);
    written += rows.length;
  }
  await sql`update goods set evaluate = (select count(*) from goods_evaluate e where e.goods_id = goods.goods_id and e.is_show = 1)`.execute(db);
  return written;
}

/** 0–12 evaluations of one goods, oldest first. */
export function buildEvaluations(goods: SeedGoods, skus: SeedSku[]): NewRow<"goods_evaluate">[] {
  if (skus.length === 0) return [];
  const random = randomFor("evaluation", goods.goods_id);
  const count = random.int(0, 3) + random.skewed(10, 2);
  const pictures = goods.goods_image.split(",").filter(Boolean);
  const times = Array.from({ length: count }, () => goods.create_time + random.int(DAY, Math.max(DAY, BASE_TIME - goods.create_time))).sort((a, b) => a - b);
  return times.map((createTime) => buildEvaluation(random, random.pick(skus), pictures, createTime));
}

function buildEvaluation(random: Random, sku: SeedSku, pictures: string[], createTime: number): NewRow<"goods_evaluate"> {
  const roll = random.next();
  const explainType = roll < BAD_SHARE ? 3 : roll < BAD_SHARE + NEUTRAL_SHARE ? 2 : 1;
  const phrases = explainType === 1 ? GOOD : explainType === 2 ? NEUTRAL : BAD;
  const spec = sku.spec_name && random.chance(0.4) ? `买的是${sku.spec_name}，` : "";
  const content = `${spec}${random.sample(phrases, random.int(1, 3)).join("，")}。`;
  const withAgain = random.chance(AGAIN_SHARE);
  const againTime = withAgain ? Math.min(BASE_TIME, createTime + random.int(7, 60) * DAY) : 0;
  const reply = random.chance(explainType === 1 ? REPLY_SHARE / 2 : REPLY_SHARE) ? random.pick(explainType === 1 ? REPLY_THANKS : REPLY_SORRY) : "";
  return {
    order_id: 0,
    order_no: "",
    order_goods_id: 0,
    goods_id: sku.goods_id,
    sku_id: sku.sku_id,
    sku_name: sku.sku_name,
    sku_price_cents: sku.price_cents,
    sku_image: sku.sku_image,
    content,
    images: random.chance(explainType === 1 ? PICTURE_SHARE : PICTURE_SHARE / 2) ? random.sample(pictures, random.int(1, 3)).join(",") : "",
    scores: explainType === 1 ? random.int(4, 5) : explainType === 2 ? 3 : random.int(1, 2),
    explain_type: explainType,
    explain_first: reply,
    member_id: 0,
    member_name: memberName(random),
    member_headimg: "",
    is_anonymous: random.chance(ANONYMOUS_SHARE) ? 1 : 0,
    again_content: withAgain ? `${random.pick(AGAIN)}。` : "",
    again_images: withAgain && pictures.length > 0 && random.chance(0.3) ? random.pick(pictures) : "",
    again_explain: "",
    again_time: againTime,
    is_show: 1,
    create_time: createTime,
  };
}

/** A nickname ("快乐的橘子") or a numbered account name ("用户5821"). */
const memberName = (random: Random) =>
  random.chance(0.6) ? `${random.pick(NAME_HEADS)}${random.pick(NAME_TAILS)}` : `用户${random.int(1000, 9999)}`;
