import { z } from "zod";
import { endpoint, id, paging } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { mobile } from "./auth.ts";

/**
 * China's administrative divisions (GB/T 2260: province → city → district) and the member's
 * delivery addresses (reference "Member addresses"; docs/api/address.md).
 */

/** One administrative division. `id` is its GB/T 2260 code (440000 广东省, 440300 深圳市, 440305 南山区). */
export interface Region {
  id: number;
  /** parent code; 0 for provinces */
  pid: number;
  name: string;
  /** the name without its administrative suffix (广东, 深圳, 南山); the name itself when none applies */
  shortname: string;
  /** 1 province, 2 city, 3 district */
  level: RegionLevel;
}

export type RegionLevel = 1 | 2 | 3;

/** A city of /api/address/city, with its province. */
export interface RegionCity extends Region {
  province_id: number;
  province_name: string;
}

/** /api/address/make: a checked province → city → district chain and the address built from it. */
export interface MadeAddress {
  province_id: number;
  city_id: number;
  district_id: number;
  province_name: string;
  city_name: string;
  district_name: string;
  /** "广东省 深圳市 南山区", as member addresses store it */
  full_address: string;
}

/** Who receives and where (reference field names): what an address, a checkout and an order share. */
export interface ReceiverFields {
  /** 收货人 */
  name: string;
  mobile: string;
  /** landline, "" when none */
  telephone: string;
  province_id: number;
  city_id: number;
  district_id: number;
  /** street, building and door (详细地址) */
  address: string;
  /** the region names, built by the server: "广东省 深圳市 南山区" */
  full_address: string;
}

/** A member's delivery address. */
export interface MemberAddress extends ReceiverFields {
  id: number;
  /** "" when unknown */
  longitude: string;
  latitude: string;
  /** 1 for the member's one default address */
  is_default: 0 | 1;
}

/** The most addresses one member may keep. */
export const MAX_MEMBER_ADDRESSES = 20;

/** A full one-line address for display: "广东省 深圳市 南山区 科技园路 1 号". */
export const addressLine = (address: Pick<MemberAddress, "full_address" | "address">): string =>
  `${address.full_address} ${address.address}`.trim();

// ---- field rules shared by the server and the address form ---------------------------------

export const consigneeName = z
  .string({ error: "请输入收货人姓名" })
  .trim()
  .min(1, "请输入收货人姓名")
  .max(20, "收货人姓名不能超过 20 个字");
export const detailAddress = z
  .string({ error: "请输入详细地址" })
  .trim()
  .min(1, "请输入详细地址")
  .max(100, "详细地址不能超过 100 个字");
/** Optional landline: digits with - + ( ) and spaces, e.g. 0755-86013388. */
export const telephone = z
  .string()
  .trim()
  .max(20, "固定电话不能超过 20 位")
  .regex(/^[0-9+\-() ]*$/, "请输入正确的固定电话")
  .optional()
  .default("");
/** A region id chosen in the form; the server checks that the three form one real chain. */
const regionId = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(999_999_999, message);
/** Optional coordinate as a decimal string ("" = unknown), within ±limit. Not on the web form: the message names the field. */
const coordinate = (field: string, limit: number) => {
  const message = `参数 ${field} 格式不正确`;
  return z.coerce
    .string()
    .trim()
    .max(20, message)
    .regex(/^(-?\d{1,3}(\.\d{1,12})?)?$/, message)
    .refine((value) => value === "" || Math.abs(Number(value)) <= limit, message)
    .optional()
    .default("");
};
const defaultFlag = z.coerce.number().int().min(0).max(1).optional().default(0);

export const memberAddressFields = {
  name: consigneeName,
  mobile,
  telephone,
  province_id: regionId("请选择省份"),
  city_id: regionId("请选择城市"),
  district_id: regionId("请选择区/县"),
  address: detailAddress,
  longitude: coordinate("longitude", 180),
  latitude: coordinate("latitude", 90),
  /** 1: make it the default address (the member's first address is the default anyway) */
  is_default: defaultFlag,
};

export type MemberAddressInput = z.input<z.ZodObject<typeof memberAddressFields>>;

/** Region name as a client typed it (WeChat address cards, map pickers): "广东省" or "广东". */
const regionName = z.string().trim().min(1).max(30).optional();

export const addressEndpoints = {
  /** Children of a region (pid 0: the provinces), in code order. Public. */
  "/api/address/lists": endpoint<Region[]>()(z.object({ pid: z.coerce.number().int().min(0).max(999_999_999).optional().default(0) })),
  /** Cities (level 2), optionally only those whose name, short name or province matches `name`. Public. */
  "/api/address/city": endpoint<RegionCity[]>()(z.object({ name: z.string().trim().max(30).optional().default("") })),
  /**
   * Builds a checked chain and its full_address, from ids (district_id, optionally with province_id
   * and city_id to check) or from names (province, city, district as a client typed them). Public.
   */
  "/api/address/make": endpoint<MadeAddress>()(
    z
      .object({
        province_id: id.optional(),
        city_id: id.optional(),
        district_id: id.optional(),
        province: regionName,
        city: regionName,
        district: regionName,
      })
      .refine((body) => body.district_id !== undefined || body.province !== undefined, {
        message: "参数 district_id 不能为空",
        path: ["district_id"],
      }),
  ),
  /** The member's addresses, the default first, then the newest. */
  "/api/memberaddress/page": endpoint<Page<MemberAddress>>()(z.object(paging)),
  /** One address by id, or with `default: 1` the default address (null when the member has none). */
  "/api/memberaddress/info": endpoint<MemberAddress | null>()(
    z
      .object({ id: id.optional(), default: z.coerce.number().int().min(0).max(1).optional().default(0) })
      .refine((body) => body.id !== undefined || body.default === 1, { message: "参数 id 不能为空", path: ["id"] }),
  ),
  /** Adds an address; answers its id. */
  "/api/memberaddress/add": endpoint<number>()(z.object(memberAddressFields)),
  /** Replaces an address's fields; answers its id. */
  "/api/memberaddress/edit": endpoint<number>()(z.object({ id, ...memberAddressFields })),
  /** Makes an address the default (the previous default stops being one); answers its id. */
  "/api/memberaddress/setdefault": endpoint<number>()(z.object({ id })),
  /** Deletes an address; when it was the default, the newest remaining address becomes the default. Answers its id. */
  "/api/memberaddress/delete": endpoint<number>()(z.object({ id })),
};
