import { PASSWORD_CLASSES, checkPasswordRules, type RegisterConfig } from "@shop/contract";

/** The password policy of /api/register/config: minimum length and required character classes. */
export type PasswordPolicy = Pick<RegisterConfig["value"], "pwd_len" | "pwd_complexity">;

/**
 * A new password's first problem in the server's words (the contract's checkPasswordRules, shared
 * with the server), or null. Used by register and password reset.
 */
export function checkPassword(password: string, policy: PasswordPolicy): string | null {
  if (!password) return "请输入密码";
  if (password.length > 64) return "密码不能超过 64 个字符";
  return checkPasswordRules(password, policy);
}

/** The policy as a hint under the password field: "至少 6 位，需包含数字、字母". */
export function describePasswordPolicy(policy: PasswordPolicy): string {
  const wanted = policy.pwd_complexity.split(",").map((item) => item.trim());
  const names = new Set((Object.keys(PASSWORD_CLASSES) as Array<keyof typeof PASSWORD_CLASSES>)
    .filter((key) => wanted.includes(key))
    // as in checkPasswordRules: with upper_case also required, letter means a lower-case letter
    .map((key) => (key === "letter" && wanted.includes("upper_case") ? PASSWORD_CLASSES.lower_case : PASSWORD_CLASSES[key]).name));
  const parts = [`至少 ${Math.max(1, policy.pwd_len)} 位`];
  if (names.size) parts.push(`需包含${[...names].join("、")}`);
  return parts.join("，");
}
