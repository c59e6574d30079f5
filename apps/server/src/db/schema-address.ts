import type { Generated } from "kysely";

/** Tables of migration 0007: regions (GB/T 2260) and member addresses. */
export interface AddressTables {
  region: RegionTable;
  member_address: MemberAddressTable;
}

export interface RegionTable {
  /** GB/T 2260 code */
  id: number;
  /** parent code, 0 for provinces */
  pid: number;
  name: string;
  shortname: string;
  /** 1 province, 2 city, 3 district */
  level: number;
  sort: number;
}

/** The receiver columns an address and an order share (region ids are GB/T 2260 codes). */
export interface ReceiverColumns {
  name: string;
  mobile: string;
  telephone: string;
  province_id: number;
  city_id: number;
  district_id: number;
  address: string;
  /** "北京市 市辖区 东城区" (region names) */
  full_address: string;
  longitude: string;
  latitude: string;
}

export interface MemberAddressTable extends ReceiverColumns {
  id: Generated<number>;
  member_id: number;
  site_id: number;
  community_id: number;
  is_default: number;
  create_time: number;
  update_time: number;
}
