import type { Generated } from "kysely";

/** Tables of migration 0017: the pictures members uploaded (modules/upload). */
export interface UploadTables {
  member_upload: MemberUploadTable;
}

export interface MemberUploadTable {
  id: Generated<number>;
  member_id: number;
  /** what the picture is for: evaluate | refund | complain (UploadKind) */
  kind: string;
  /** "upload/<kind>/<yyyymmdd>/<random>.jpg", unique */
  path: string;
  /** bytes of the stored file */
  size: number;
  width: number;
  height: number;
  create_time: number;
}
