import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { Code } from "@shop/contract/codes";

/** Upload calls by what the picture is for: POST /api/upload/{kind}img. */
export type UploadKind = "evaluate" | "refund" | "complain";

/**
 * The pictures a member attaches to an evaluation, refund or complaint: at most `max`, each one
 * this member uploaded for this kind (so nobody attaches another member's files or arbitrary
 * paths). Answers them in order; a bad one is a -10006 error.
 * Placeholder until the upload work of issue 9 records uploads: checks the count and the shape.
 */
export async function checkMemberImages(_db: Db, _memberId: number, kind: UploadKind, paths: string[], max: number): Promise<string[]> {
  if (paths.length > max) fail(`最多上传${max}张图片`, Code.PARAM);
  for (const path of paths) {
    if (!path.startsWith(`upload/${kind}/`)) fail("图片无效，请重新上传", Code.PARAM);
  }
  return paths;
}
