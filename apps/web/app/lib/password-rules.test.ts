import { describe, expect, it } from "vitest";
import { checkPassword, describePasswordPolicy } from "./password-rules.ts";

describe("checkPassword", () => {
  const policy = { pwd_len: 8, pwd_complexity: "number,letter" };

  it("asks for a password first", () => {
    expect(checkPassword("", policy)).toBe("请输入密码");
  });

  it("uses the server's messages for length and character classes", () => {
    expect(checkPassword("ab12", policy)).toBe("密码长度不能少于8位");
    expect(checkPassword("abcdefgh", policy)).toBe("密码需包含数字和字母");
    expect(checkPassword("abcd1234", policy)).toBeNull();
  });

  it("reads letter as lower case when upper case is also required", () => {
    const strict = { pwd_len: 6, pwd_complexity: "number,letter,upper_case,symbol" };
    expect(checkPassword("ABCD12!", strict)).toBe("密码需包含数字、小写字母、大写字母和符号");
    expect(checkPassword("Abcd12!", strict)).toBeNull();
  });

  it("refuses more than 64 characters", () => {
    expect(checkPassword("a1".repeat(33), policy)).toBe("密码不能超过 64 个字符");
  });
});

describe("describePasswordPolicy", () => {
  it("states the length and the classes", () => {
    expect(describePasswordPolicy({ pwd_len: 6, pwd_complexity: "" })).toBe("至少 6 位");
    expect(describePasswordPolicy({ pwd_len: 8, pwd_complexity: "number,letter" })).toBe("至少 8 位，需包含数字、字母");
    expect(describePasswordPolicy({ pwd_len: 0, pwd_complexity: "letter,upper_case" })).toBe("至少 1 位，需包含小写字母、大写字母");
  });
});
