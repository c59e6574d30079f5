import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { CAPTCHA_ALPHABET, captchaSvg } from "./captcha-image.ts";
import { setCaptchaCodeGenerator } from "./captcha.ts";
import { fixedCaptcha, nextIp, registerMember, solvedCaptcha, TEST_CAPTCHA_CODE } from "./testing.ts";

interface CaptchaData {
  id: string;
  img: string;
  expire_time: number;
}

describe("captcha", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Logs in with a captcha; a captcha check fails before the (unknown) account matters. */
  const tryLogin = (captcha_id: string, captcha_code: string) =>
    t.call("/api/login/login", { username: "nobody", password: "whatever1", captcha_id, captcha_code }, { ip: nextIp() });

  it("returns an id, a PNG data URI and the validity in seconds", async () => {
    setCaptchaCodeGenerator();
    const response = await t.call<CaptchaData>("/api/captcha/captcha");
    expect(response.code).toBe(0);
    expect(response.data.id).toMatch(/^[\w-]{20,64}$/);
    expect(response.data.expire_time).toBe(600);
    expect(response.data.img).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(response.data.img.split(",")[1]!, "base64");
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBe(120);
  });

  it("stores only a hash of the code, valid for ten minutes", async () => {
    fixedCaptcha();
    const { data } = await t.call<CaptchaData>("/api/captcha/captcha");
    const row = await t.app.deps.db.selectFrom("captcha").selectAll().where("captcha_id", "=", data.id).executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(TEST_CAPTCHA_CODE);
    expect(row.expire_time - Math.floor(Date.now() / 1000)).toBeGreaterThan(595);
  });

  it("accepts the right code once, case-insensitively", async () => {
    const captcha = await solvedCaptcha(t);
    // The captcha passes, so the login fails on the account instead.
    expect(await tryLogin(captcha.captcha_id, captcha.captcha_code.toLowerCase())).toMatchObject({ code: -1, message: "账号或密码错误" });
    expect(await tryLogin(captcha.captcha_id, captcha.captcha_code)).toMatchObject({ code: -1, message: "验证码已失效，请刷新" });
  });

  it("is consumed by a wrong answer too", async () => {
    const captcha = await solvedCaptcha(t);
    expect(await tryLogin(captcha.captcha_id, "XXXX")).toMatchObject({ code: -1, message: "验证码不正确" });
    expect(await tryLogin(captcha.captcha_id, captcha.captcha_code)).toMatchObject({ code: -1, message: "验证码已失效，请刷新" });
  });

  it("refuses an expired captcha", async () => {
    const captcha = await solvedCaptcha(t);
    await t.app.deps.db.updateTable("captcha").set({ expire_time: Math.floor(Date.now() / 1000) - 1 }).where("captcha_id", "=", captcha.captcha_id).execute();
    expect(await tryLogin(captcha.captcha_id, captcha.captcha_code)).toMatchObject({ code: -1, message: "验证码已失效，请刷新" });
  });

  it("refuses an unknown captcha id", async () => {
    expect(await tryLogin("no-such-captcha", TEST_CAPTCHA_CODE)).toMatchObject({ code: -1, message: "验证码已失效，请刷新" });
  });

  it("replaces the code when an existing captcha_id is passed", async () => {
    setCaptchaCodeGenerator(() => "AAAA");
    const first = await t.call<CaptchaData>("/api/captcha/captcha");
    setCaptchaCodeGenerator(() => "CCCC");
    const again = await t.call<CaptchaData>("/api/captcha/captcha", { captcha_id: first.data.id });
    expect(again.data.id).toBe(first.data.id);
    expect(await tryLogin(first.data.id, "AAAA")).toMatchObject({ message: "验证码不正确" });

    const third = await t.call<CaptchaData>("/api/captcha/captcha", { captcha_id: first.data.id });
    expect(third.data.id).not.toBe(first.data.id); // the old one was consumed: a new id
    expect(await tryLogin(third.data.id, "cccc")).toMatchObject({ message: "账号或密码错误" });
  });

  it("lets a real member log in with a solved captcha", async () => {
    const member = await registerMember(t);
    const response = await t.call("/api/login/login", { username: member.username, password: member.password, ...(await solvedCaptcha(t)) }, { ip: nextIp() });
    expect(response.code).toBe(0);
  });
});

describe("captcha outside development and test (NODE_ENV production, prod …)", () => {
  it("ignores the test code generator", async () => {
    const t = await startTestApp({ config: { production: false, developmentMode: false } });
    try {
      const captcha = await solvedCaptcha(t);
      const response = await t.call("/api/login/login", { username: "nobody", password: "x", ...captcha }, { ip: nextIp() });
      expect(response.message).toBe("验证码不正确");
    } finally {
      await t.close();
    }
  });
});

describe("captcha picture", () => {
  it("draws every character of the alphabet as paths, without text or fonts", async () => {
    expect(CAPTCHA_ALPHABET).not.toMatch(/[01OIlZSBGDQ]/);
    for (let i = 0; i < CAPTCHA_ALPHABET.length; i += 4) {
      const svg = captchaSvg(CAPTCHA_ALPHABET.slice(i, i + 4).padEnd(4, "A"));
      expect(svg).not.toContain("<text");
      expect((await sharp(Buffer.from(svg)).png().toBuffer()).length).toBeGreaterThan(500);
    }
  });

  it("never draws the same code twice the same way", () => {
    expect(captchaSvg("HK7P")).not.toBe(captchaSvg("HK7P"));
  });
});
