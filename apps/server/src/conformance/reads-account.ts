import { codeOnly, list, page, type FieldSpec, type Shape } from "./field-shape.ts";

/**
 * What a reference client reads from the account calls: the reference's "Auth" and "Member" parts
 * (tokens, code keys, register config, member info, follows, footprints, addresses, regions).
 */

const token: Shape = { token: "string" };
const codeKey: Shape = { key: "string" };

const memberAddress: Shape = {
  id: "integer", name: "string", mobile: "string", telephone: "string", province_id: "integer", city_id: "integer",
  district_id: "integer", address: "string", full_address: "string", longitude: "string", latitude: "string", is_default: "flag",
};

export const authReads: Record<string, FieldSpec> = {
  "/api/login/login": token,
  "/api/login/mobileCode": codeKey,
  "/api/login/getMobileCode": codeKey,
  "/api/login/mobile": token,
  "/api/login/logout": codeOnly,
  "/wechat/api/wechat/logincode": { qrcode: "picture", key: "string", expire_time: "integer" },
  "/api/login/checklogin": token,
  "/api/login/wechatLogin": token,
  "/api/register/config": { value: { login: "string", register: "string", pwd_len: "integer", pwd_complexity: "string", agreement_show: "flag" } },
  "/api/register/aggrement": { title: "string", content: "string" },
  "/memberregister/api/Config/Config": { is_use: "flag", value: "any" },
  "/api/register/username": token,
  "/api/register/mobileCode": codeKey,
  "/api/register/mobile": token,
  // The reference's clients read the code only: 0 = the mobile has no account (see "Where we differ").
  "/api/member/checkmobile": codeOnly,
  "/api/findpassword/mobilecode": codeKey,
  "/api/findpassword/mobile": codeOnly,
};

export const memberReads: Record<string, FieldSpec> = {
  "/api/member/info": {
    member_id: "integer", username: "string", nickname: "string", mobile: "string", email: "string", headimg: "picture",
    member_level: "integer", member_level_name: "string", point: "number", balance: "money", balance_money: "money", growth: "number",
    password: "flag", realname: "string", sex: "integer", birthday: "string",
  },
  "/api/goodscollect/add": "integer",
  "/api/goodscollect/delete": "integer",
  "/api/goodscollect/iscollect": "flag",
  "/api/goodscollect/page": page({
    collect_id: "integer", goods_id: "integer", sku_id: "integer", sku_name: "string", sku_image: "picture", goods_name: "string",
    discount_price: "money", create_time: "unix",
  }),
  "/api/goodsbrowse/add": codeOnly,
  "/api/goodsbrowse/page": page({
    id: "integer", goods_id: "integer", sku_id: "integer", sku_name: "string", sku_image: "picture", goods_name: "string",
    discount_price: "money", browse_time: "unix",
  }),
  "/api/goodsbrowse/delete": codeOnly,
};

export const addressReads: Record<string, FieldSpec> = {
  "/api/address/lists": list({ id: "integer", pid: "integer", name: "string", level: "integer" }),
  "/api/address/city": list({ id: "integer", name: "string" }),
  "/api/address/make": { province_id: "integer", city_id: "integer", district_id: "integer", full_address: "string" },
  "/api/memberaddress/page": page(memberAddress),
  "/api/memberaddress/info": memberAddress,
  "/api/memberaddress/add": "integer",
  "/api/memberaddress/edit": "integer",
  "/api/memberaddress/setdefault": codeOnly,
  "/api/memberaddress/delete": codeOnly,
};
