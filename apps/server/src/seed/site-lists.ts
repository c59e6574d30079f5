import type { NewRow } from "../db/schema.ts";
import type { Db } from "../db/unit-of-work.ts";
import { makeAddress } from "../modules/address/regions.ts";
import { paletteColor, type SeedImages } from "./images.ts";
import { BASE_TIME, DAY } from "./random.ts";

/** Link fields hold JSON text {"url": "…"} with storefront paths (no /web prefix). */
export const jsonLink = (url: string) => JSON.stringify({ url });

const NAV: Array<[title: string, url: string]> = [
  ["首页", "/"],
  ["品牌专区", "/goods/brand"],
  ["领券中心", "/goods/coupon"],
  ["团购", "/promotion/groupbuy"],
  ["秒杀", "/promotion/seckill"],
  ["文章资讯", "/cms/article/list"],
  ["商城公告", "/cms/notice/list"],
];

export const buildNav = (): NewRow<"pc_nav">[] =>
  NAV.map(([title, url], index) => ({ id: index + 1, nav_title: title, nav_url: jsonLink(url), sort: index, is_blank: 0, nav_icon: "", is_show: 1 }));

const FRIENDLY_LINKS: Array<[title: string, url: string]> = [
  ["中国政府网", "https://www.gov.cn/"],
  ["国家市场监督管理总局", "https://www.samr.gov.cn/"],
  ["中国消费者协会", "https://www.cca.org.cn/"],
  ["全国12315平台", "https://www.12315.cn/"],
  ["ICP/IP地址/域名信息备案管理系统", "https://beian.miit.gov.cn/"],
  ["网络违法犯罪举报网站", "https://www.cyberpolice.cn/"],
];

export const buildFriendlyLinks = (): NewRow<"pc_friendly_link">[] =>
  FRIENDLY_LINKS.map(([title, url], index) => ({ id: index + 1, link_title: title, link_url: url, link_pic: "", link_sort: index, is_blank: 1, is_show: 1 }));

const SERVICES: Array<[name: string, desc: string, iconLabel: string]> = [
  ["正品保障", "品牌授权 正品行货", "正品"],
  ["七天无理由退换", "签收7天内 无忧退换", "7天"],
  ["极速发货", "现货24小时内发货", "极速"],
  ["售后无忧", "专业客服 全程服务", "售后"],
];

/** The footer's service promises; ids 1–4 are what goods_service_ids refer to. */
export const buildGoodsServices = (images: SeedImages): NewRow<"goods_service">[] =>
  SERVICES.map(([name, desc, iconLabel], index) => ({
    id: index + 1,
    service_name: name,
    desc,
    icon: JSON.stringify({ iconType: "img", imageUrl: images.icon(`service/${index + 1}.png`, iconLabel, "#e4393c", 64) }),
    sort: index,
  }));

const STORES: Array<[city: string, province: string, city_name: string, district: string, address: string, phone: string, latitude: string, longitude: string]> = [
  ["北京朝阳", "北京市", "北京市", "朝阳区", "建国路88号现代城1层", "010-65880001", "39.908721", "116.470982"],
  ["上海南京路", "上海市", "上海市", "黄浦区", "南京东路300号1-2层", "021-63510002", "31.237610", "121.478830"],
  ["广州天河", "广东省", "广州市", "天河区", "天河路208号天河城B1层", "020-38830003", "23.132510", "113.326310"],
  ["深圳福田", "广东省", "深圳市", "福田区", "福华一路1号大中华广场1层", "0755-83660004", "22.536120", "114.057930"],
  ["杭州西湖", "浙江省", "杭州市", "西湖区", "文三路259号1层", "0571-88210005", "30.277030", "120.130020"],
  ["南京新街口", "江苏省", "南京市", "玄武区", "中山路18号德基广场1层", "025-84700006", "32.044010", "118.785020"],
  ["成都春熙路", "四川省", "成都市", "锦江区", "春熙路9号1层", "028-86650007", "30.655020", "104.081030"],
  ["武汉江汉路", "湖北省", "武汉市", "江汉区", "解放大道690号武汉国际广场1层", "027-85710008", "30.584010", "114.270050"],
  ["西安小寨", "陕西省", "西安市", "雁塔区", "小寨东路126号百隆广场1层", "029-85260009", "34.223020", "108.948010"],
  ["重庆解放碑", "重庆市", "重庆市", "渝中区", "民族路188号环球金融中心1层", "023-63700010", "29.558030", "106.577040"],
  ["苏州观前街", "江苏省", "苏州市", "姑苏区", "观前街245号1层", "0512-65270011", "31.311020", "120.625030"],
  ["天津滨江道", "天津市", "天津市", "和平区", "滨江道219号1层", "022-27110012", "39.123010", "117.201020"],
];

export const buildStores = (images: SeedImages): NewRow<"store">[] =>
  STORES.map(([short, province, city, district, address, phone, latitude, longitude], index) => {
    const name = `优选商城${short}店`;
    return {
      store_id: index + 1,
      store_name: name,
      telphone: phone,
      store_image: images.banner(`store/${index + 1}.jpg`, { title: name, subtitle: "营业时间 09:00-21:00", background: paletteColor(index) }, { width: 400, height: 300 }),
      province_name: province,
      city_name: city,
      district_name: district,
      address,
      full_address: `${province}${province === city ? "" : city}${district}${address}`,
      longitude,
      latitude,
      open_date: "09:00-21:00",
      status: 1,
      create_time: BASE_TIME - (90 - index) * DAY,
    };
  });

/**
 * The stores' province, city and district codes from their names (the region table, loaded by
 * migration 0007): the console's store editor shows the seeded stores' region like a saved one.
 */
export async function withRegionIds(db: Db, stores: NewRow<"store">[]): Promise<NewRow<"store">[]> {
  const located: NewRow<"store">[] = [];
  for (const store of stores) {
    const region = await makeAddress(db, { province: store.province_name, city: store.city_name, district: store.district_name });
    located.push({ ...store, province_id: region.province_id, city_id: region.city_id, district_id: region.district_id });
  }
  return located;
}
