import { Code } from "@shop/contract/codes";
import { BizError } from "./errors.ts";

/**
 * Deepest nesting a request body may have. Our bodies are flat objects with a few lists (JSON-in-
 * string fields stay strings), so 32 levels is far beyond any real call and far below what a
 * recursive walk — ours or a library's — can take before the stack runs out.
 */
export const MAX_BODY_DEPTH = 32;

export const BODY_NOT_JSON = "请求体不是有效的 JSON";
export const BODY_TOO_DEEP = "请求体嵌套层数过多";
export const BODY_HAS_NUL = "参数包含非法字符";

/**
 * Why a parsed body is refused, or null. Walks the value with an explicit stack (no recursion, so
 * no nesting depth can overflow the call stack): nesting beyond MAX_BODY_DEPTH, or a NUL character
 * in any key or string (it never belongs in shop text, and PostgreSQL refuses it in text columns).
 */
export function bodyProblem(value: unknown, lookForNul: boolean): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === "string") {
      if (lookForNul && item.value.includes("\0")) return BODY_HAS_NUL;
      continue;
    }
    if (item.value === null || typeof item.value !== "object") continue;
    const depth = item.depth + 1;
    if (depth > MAX_BODY_DEPTH) return BODY_TOO_DEEP;
    for (const [key, child] of Object.entries(item.value)) {
      if (lookForNul && key.includes("\0")) return BODY_HAS_NUL;
      stack.push({ value: child, depth });
    }
  }
  return null;
}

/**
 * Parses a JSON request body: an empty body is `{}`; invalid JSON, a body nested too deep or one
 * carrying a NUL throw a -10006 BizError with a Chinese message (never a 500). Runs before any
 * route's guard, so it answers the same on every POST, even while the shop is closed.
 */
export function parseJsonBody(body: string): unknown {
  if (body === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new BizError(BODY_NOT_JSON, Code.PARAM);
  }
  // A NUL can only arrive escaped ("\u0000"): raw control characters are invalid JSON.
  const problem = bodyProblem(parsed, body.includes("\\u0000"));
  if (problem) throw new BizError(problem, Code.PARAM);
  return parsed;
}
