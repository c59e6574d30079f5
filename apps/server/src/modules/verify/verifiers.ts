import type { Page, VerifierIdentity, VerifierRow } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { expectAffected, isUniqueViolation } from "../../db/conditional.ts";
import { containsText } from "../store/text-match.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { MEMBER_ACTIVE } from "../member/service.ts";

/**
 * Verifiers: members staff granted the role (one row per member). Only they may look codes up and
 * use them as members; staff grant and withdraw the role (verifier.manage), each change logged.
 */

export const NOT_A_VERIFIER = "您不是核销员";


/** The member's verifier row, or undefined. */
export async function findVerifier(db: Db, memberId: number): Promise<VerifierIdentity | undefined> {
  return db.selectFrom("verifier").select(["verifier_id", "verifier_name"]).where("member_id", "=", memberId).executeTakeFirst();
}

/** The member's verifier identity, or -1 您不是核销员 (checkisverifier, and the guard of every verifier call). */
export async function requireVerifier(db: Db, memberId: number): Promise<VerifierIdentity> {
  return (await findVerifier(db, memberId)) ?? fail(NOT_A_VERIFIER);
}

export interface VerifierListQuery extends PageRequest {
  search: string;
}

export async function listVerifiers(db: Db, query: VerifierListQuery): Promise<Page<VerifierRow>> {
  let rows = db
    .selectFrom("verifier")
    .leftJoin("member", "member.member_id", "verifier.member_id")
    .select((eb) => [
      "verifier.verifier_id", "verifier.verifier_name", "verifier.member_id", "verifier.create_time",
      "member.username", "member.nickname", "member.mobile",
      eb.selectFrom("verify_record").select((count) => count.fn.countAll<number>().as("n")).whereRef("verify_record.verifier_id", "=", "verifier.verifier_id").as("verify_count"),
    ]);
  if (query.search) {
    const search = query.search;
    rows = rows.where((eb) =>
      eb.or([
        containsText("verifier.verifier_name", search), containsText("member.nickname", search),
        eb("member.username", "=", search), eb("member.mobile", "=", search),
      ]),
    );
  }
  const page = await paginate(db, rows.orderBy("verifier.create_time", "desc").orderBy("verifier.verifier_id", "desc"), query);
  return {
    ...page,
    list: page.list.map((row) => ({
      verifier_id: row.verifier_id,
      verifier_name: row.verifier_name,
      member_id: row.member_id,
      username: row.username ?? "",
      nickname: row.nickname ?? "",
      mobile: row.mobile ?? "",
      create_time: row.create_time,
      verify_count: Number(row.verify_count ?? 0),
    })),
  };
}

export interface AddVerifierRequest {
  member_id?: number | undefined;
  /** username or mobile, when member_id is not given */
  account: string;
  verifier_name: string;
}

async function findMember(db: Db, request: AddVerifierRequest) {
  const query = db.selectFrom("member").select(["member_id", "status"]);
  if (request.member_id !== undefined) return query.where("member_id", "=", request.member_id).executeTakeFirst();
  return query.where((eb) => eb.or([eb("username", "=", request.account), eb("mobile", "=", request.account)])).orderBy("member_id").executeTakeFirst();
}

export async function addVerifier(db: Db, caller: StaffCaller, request: AddVerifierRequest): Promise<{ verifier_id: number }> {
  try {
    return await unitOfWork(db, async (tx) => {
      const member = await findMember(tx, request);
      if (!member) return fail("会员不存在");
      if (member.status !== MEMBER_ACTIVE) fail("该会员账号已停用，不能设为核销员");
      if (await findVerifier(tx, member.member_id)) fail("该会员已是核销员");
      const at = now();
      const { verifier_id } = await tx
        .insertInto("verifier")
        .values({ member_id: member.member_id, verifier_name: request.verifier_name, staff_id: caller.staff.staff_id, create_time: at, modify_time: at })
        .returning("verifier_id")
        .executeTakeFirstOrThrow();
      await logStaffAction(tx, caller, "verifier.add", { type: "verifier", id: verifier_id }, { member_id: member.member_id, verifier_name: request.verifier_name });
      return { verifier_id };
    });
  } catch (error) {
    // PostgreSQL: the same member granted twice at once; the unique member_id let one through.
    if (isUniqueViolation(error)) fail("该会员已是核销员");
    throw error;
  }
}

/** Withdraws the role; the records the verifier made stay (they name the verifier as it was). */
export async function deleteVerifier(db: Db, caller: StaffCaller, verifierId: number): Promise<null> {
  await unitOfWork(db, async (tx) => {
    const verifier = await tx.selectFrom("verifier").select(["member_id", "verifier_name"]).where("verifier_id", "=", verifierId).executeTakeFirst();
    if (!verifier) return fail("核销员不存在");
    expectAffected(await tx.deleteFrom("verifier").where("verifier_id", "=", verifierId).executeTakeFirst(), 1, "核销员不存在");
    await logStaffAction(tx, caller, "verifier.delete", { type: "verifier", id: verifierId }, verifier);
  });
  return null;
}
