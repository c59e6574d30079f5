import type { FormRule } from "antd";

/** The part of a zod schema the forms use (the contract's field schemas fit). */
export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * An antd Form rule backed by a contract field schema, so the browser shows the same message the
 * server would answer with (-10006).
 */
export function zodRule(schema: FieldSchema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? "");
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? "格式不正确");
    },
  };
}

/** An antd Form rule from a checker that returns an error message or null. */
export function checkRule(check: (value: string) => string | null): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const problem = check(typeof value === "string" ? value : "");
      if (problem) throw new Error(problem);
    },
  };
}
