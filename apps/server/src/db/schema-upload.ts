import type { Generated } from "kysely";

/** Tables of migration 0017: the pictures members uploaded (modules/upload). */
export interface UploadTables {
  member_upload: MemberUploadTable;
}

export interface MemberUploadTable {
  id: Generated<number>;
  /** the member who uploaded it; 0 for a staff picture */
  member_id: number;
  /** migration 0030: the staff member who uploaded it (chat pictures from the workbench); 0 for a member's */
  staff_id: Generated<number>;
  /** what the picture is for: evaluate | refund | complain | headimg | chat (UploadKind) */
  kind: string;
  /** "upload/<kind>/<yyyymmdd>/<random>.jpg", unique */
  path: string;
  /** bytes of the stored file */
  size: number;
  width: number;
  height: number;
  create_time: number;
}
