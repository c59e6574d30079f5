import type { z } from "zod";

/**
 * Turns the first zod issue into a Chinese message naming the field, e.g.
 * "参数 username 不能为空", "参数 keyword 长度不能超过 50".
 */
export function describeIssue(issue: z.core.$ZodIssue, body: unknown = undefined): string {
  const field = issue.path.length ? issue.path.join(".") : "请求体";
  switch (issue.code) {
    case "invalid_type":
      // Coercing schemas turn a missing value into NaN, so look at what was actually sent.
      return isMissing(valueAt(body, issue.path)) ? `参数 ${field} 不能为空` : `参数 ${field} 类型错误`;
    case "too_big":
      return issue.origin === "string"
        ? `参数 ${field} 长度不能超过 ${issue.maximum}`
        : issue.origin === "array"
          ? `参数 ${field} 最多 ${issue.maximum} 项`
          : `参数 ${field} 不能大于 ${issue.maximum}`;
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1 ? `参数 ${field} 不能为空` : `参数 ${field} 长度不能少于 ${issue.minimum}`;
      }
      if (issue.origin === "array") return `参数 ${field} 至少 ${issue.minimum} 项`;
      return issue.inclusive === false ? `参数 ${field} 必须大于 ${issue.minimum}` : `参数 ${field} 不能小于 ${issue.minimum}`;
    case "invalid_format":
      return `参数 ${field} 格式不正确`;
    case "invalid_value":
      return `参数 ${field} 的取值无效`;
    case "unrecognized_keys":
      return `存在无法识别的参数：${issue.keys.join("、")}`;
    default:
      return issue.message && /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : `参数 ${field} 格式不正确`;
  }
}

function valueAt(body: unknown, path: PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    // Fields the reference sends as JSON strings (goods_evaluate, delivery…): look inside them.
    if (typeof value === "string") value = parsedJson(value);
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const isMissing = (value: unknown) => value === undefined || value === null || value === "";

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
