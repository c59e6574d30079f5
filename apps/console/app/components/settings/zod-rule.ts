import type { Rule } from "antd/es/form";
import type { z } from "zod";

/**
 * An antd Form rule that checks a field with the same zod schema the server validates it with
 * (the contract's), so the client and the server refuse the same values with the same words.
 * A message in Chinese from the schema is shown as is; otherwise `label` names the field.
 * `toWire` turns the form's value into the wire's (a checkbox array into "a,b") before the check.
 */
export function zodRule(schema: z.ZodType, label: string, toWire: (value: unknown) => unknown = (value) => value ?? ""): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(toWire(value));
      if (result.success) return;
      const issue = result.error.issues[0];
      const own = issue?.message && /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : "";
      if (own) throw new Error(own);
      if (issue?.code === "too_big") throw new Error(`${label}${"origin" in issue && issue.origin === "string" ? "长度" : ""}不能超过 ${String(issue.maximum)}`);
      if (issue?.code === "too_small") throw new Error(`${label}${"origin" in issue && issue.origin === "string" ? "不能为空" : `不能小于 ${String(issue.minimum)}`}`);
      throw new Error(`${label}格式不正确`);
    },
  };
}

/** The rule of one field of an object schema: `fieldRule(siteSettingsSchema, "site_name", "站点名称")`. */
export function fieldRule<S extends z.ZodObject>(schema: S, field: keyof S["shape"] & string, label: string): Rule {
  return zodRule(schema.shape[field] as z.ZodType, label);
}
