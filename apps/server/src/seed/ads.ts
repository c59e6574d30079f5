import type { NewRow } from "../db/schema.ts";
import type { TopPlan } from "./catalog.ts";
import type { SeedImages } from "./images.ts";
import { jsonLink } from "./site-lists.ts";

interface AdDef {
  title: string;
  subtitle: string;
  action: string;
  url: string;
  background: string;
}

interface PositionDef {
  keyword: string;
  name: string;
  width: number;
  height: number;
  background: string;
  /** 1 carousel, 2 single picture */
  type: 1 | 2;
  /** where the slogan sits horizontally (the login form covers the banner's right side) */
  centre?: number;
  ads: AdDef[];
}

const categoryLink = (top: TopPlan) => `/goods/list?category_id=${top.id}&level=1`;

/** Every ad position the storefront asks for (reference: adv keywords), each with its pictures. */
function positions(tops: TopPlan[]): PositionDef[] {
  const topAd = (index: number, subtitle: string, action = "立即抢购"): AdDef => {
    const top = tops[index % tops.length]!;
    return { title: `${top.name}节`, subtitle, action, url: categoryLink(top), background: top.color };
  };
  return [
    {
      keyword: "NS_PC_INDEX_TOP", name: "首页顶部通栏广告", width: 1210, height: 80, background: "#c81623", type: 2,
      ads: [{ title: "新春年货节 全场满299减50", subtitle: "爆款低至5折", action: "立即抢购", url: "/promotion/seckill", background: "#c81623" }],
    },
    {
      keyword: "NS_PC_INDEX", name: "首页轮播广告", width: 730, height: 400, background: "#e4393c", type: 1,
      ads: [
        topAd(0, "新品首发 以旧换新至高补贴1000元"),
        topAd(1, "新一级能效 送装一体"),
        topAd(5, "年货囤起来 满199减30"),
        topAd(4, "大牌美妆 买一送一"),
        topAd(8, "运动季 全场低至6折"),
      ],
    },
    {
      keyword: "NS_PC_INDEX_MID_LEFT", name: "首页中部左侧广告", width: 800, height: 200, background: "#1e88e5", type: 2,
      ads: [{ ...topAd(2, "开学季 笔记本电脑直降500元"), background: "#1e88e5" }],
    },
    {
      keyword: "NS_PC_INDEX_MID_RIGHT", name: "首页中部右侧广告", width: 390, height: 200, background: "#ff6f00", type: 2,
      ads: [{ title: "领券中心", subtitle: "每日10点上新 满减券免费领", action: "去领券", url: "/goods/coupon", background: "#ff6f00" }],
    },
    {
      keyword: "NS_PC_INDEX_CATEGORY_BELOW", name: "首页分类下方广告", width: 290, height: 160, background: "#ffffff", type: 1,
      ads: [topAd(3, "春装上新"), topAd(6, "母婴好物"), topAd(7, "品质家居"), topAd(10, "爱车养护")],
    },
    {
      keyword: "NS_PC_BRAND", name: "品牌专区广告", width: 1210, height: 300, background: "#3949ab", type: 1,
      ads: [
        { title: "大牌闪购", subtitle: "精选品牌 正品保障 限时特惠", action: "逛品牌", url: "/goods/brand", background: "#3949ab" },
        { title: "国货之光", subtitle: "华为 小米 美的 李宁 好物齐聚", action: "去看看", url: "/goods/list?keyword=国货", background: "#c62828" },
        { title: "国际大牌", subtitle: "索尼 戴森 兰蔻 官方授权", action: "去看看", url: "/goods/brand", background: "#00897b" },
      ],
    },
    {
      keyword: "NS_PC_COUPON", name: "领券中心广告", width: 1210, height: 300, background: "#ff5722", type: 2,
      ads: [{ title: "领券中心", subtitle: "满减券 折扣券 每日上新 先领券再购物", action: "立即领取", url: "/goods/coupon", background: "#ff5722" }],
    },
    {
      keyword: "NS_PC_GROUPBUY", name: "团购专区广告", width: 1210, height: 300, background: "#8e24aa", type: 1,
      ads: [
        { title: "拼团购 更优惠", subtitle: "好友一起买 低至3折", action: "去拼团", url: "/promotion/groupbuy", background: "#8e24aa" },
        { title: "团购爆款", subtitle: "每日精选 限时限量", action: "去拼团", url: "/promotion/groupbuy", background: "#d81b60" },
      ],
    },
    {
      keyword: "NS_PC_SECKILL", name: "秒杀专区广告", width: 1210, height: 300, background: "#e53935", type: 1,
      ads: [
        { title: "限时秒杀", subtitle: "每日10点、20点 准时开抢", action: "马上抢", url: "/promotion/seckill", background: "#e53935" },
        { title: "一元秒杀", subtitle: "超值好物 手慢无", action: "马上抢", url: "/promotion/seckill", background: "#f4511e" },
      ],
    },
    {
      keyword: "NS_PC_LOGIN", name: "登录页广告", width: 1210, height: 460, background: "#1565c0", type: 1, centre: 0.32,
      ads: [
        { title: "新人专享礼包", subtitle: "注册即送100元优惠券", action: "立即注册", url: "/auth/register", background: "#1565c0" },
        { title: "会员日 全场9折", subtitle: "钻石会员全场包邮", action: "了解会员", url: "/cms/help/list?id=5", background: "#c62828" },
      ],
    },
  ];
}

export interface AdRows {
  positions: NewRow<"adv_position">[];
  ads: NewRow<"adv">[];
}

export function buildAds(images: SeedImages, tops: TopPlan[]): AdRows {
  const rows: AdRows = { positions: [], ads: [] };
  positions(tops).forEach((position, positionIndex) => {
    const apId = positionIndex + 1;
    rows.positions.push({
      ap_id: apId,
      keyword: position.keyword,
      ap_name: position.name,
      ap_intro: `${position.name}，建议尺寸 ${position.width}×${position.height}`,
      ap_width: position.width,
      ap_height: position.height,
      ap_background_color: position.background,
      type: position.type,
      is_use: 1,
    });
    position.ads.forEach((ad, index) => {
      const file = `adv/${position.keyword.toLowerCase()}-${index + 1}.jpg`;
      rows.ads.push({
        adv_id: rows.ads.length + 1,
        ap_id: apId,
        adv_title: `${ad.title} ${ad.subtitle}`,
        adv_url: jsonLink(ad.url),
        adv_image: images.banner(file, { ...ad, centre: position.centre }, { width: position.width, height: position.height }),
        slide_sort: index,
        background: ad.background,
        state: 1,
      });
    });
  });
  return rows;
}
