import type { TestApp } from "../../test/harness.ts";
import { OrderType } from "../order/state-machine.ts";
import { createTestOrder, payTestOrder, type TestOrder } from "../order/test-fixtures.ts";

/** Orders with codes and verifiers for the verification tests. Not imported by production code. */

let codeCounter = 0;

/** A code no other test order has: 12 digits like checkout's (process id and a counter make it unique). */
export function uniqueCode(): string {
  codeCounter += 1;
  return `9${String(process.pid % 100_000).padStart(5, "0")}${String(codeCounter).padStart(6, "0")}`;
}

export interface CodeOrder extends TestOrder {
  code: string;
}

/** A pickup (default) or virtual order of one SKU with a fresh code, paid unless told otherwise. */
export async function codeOrder(
  t: TestApp,
  memberId: number,
  skuId: number,
  options: { orderType?: number; paid?: boolean; num?: number } = {},
): Promise<CodeOrder> {
  const code = uniqueCode();
  const order = await createTestOrder(t.app.deps.db, {
    memberId, lines: [{ skuId, num: options.num ?? 1 }], orderType: options.orderType ?? OrderType.PICKUP, verifyCode: code,
  });
  if (options.paid ?? true) await payTestOrder(t.app.deps.db, order);
  return { ...order, code };
}

/** Grants the verifier role through the staff API; answers the verifier id. */
export async function grantVerifier(t: TestApp, staffToken: string, memberId: number, name = `核销员${memberId}`): Promise<number> {
  const response = await t.call<{ verifier_id: number }>("/shopapi/verifier/add", { member_id: memberId, verifier_name: name }, { token: staffToken });
  if (response.code !== 0) throw new Error(`grant verifier ${memberId}: ${response.message}`);
  return response.data.verifier_id;
}
