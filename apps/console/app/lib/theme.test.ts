import { describe, expect, it } from "vitest";
import { theme } from "antd";
import { CONSOLE_THEME } from "./theme.ts";

type Rgb = [number, number, number];

/** A colour (#rgb, #rrggbb, rgb(), rgba()) as it shows on `below` (a translucent one blends into it). */
function solid(color: string, below: Rgb = [255, 255, 255]): Rgb {
  if (color.startsWith("#")) {
    const digits = color.length === 4 ? [...color.slice(1)].map((digit) => digit + digit).join("") : color.slice(1, 7);
    return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as Rgb;
  }
  const [r = 0, g = 0, b = 0, alpha = 1] = (/\(([^)]*)\)/.exec(color)?.[1] ?? "").split(",").map(Number);
  return [r, g, b].map((channel, index) => channel * alpha + below[index]! * (1 - alpha)) as Rgb;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of text in `foreground` on `background` (itself on white). */
function contrast(foreground: string, background: string): number {
  const back = solid(background);
  const [light, dark] = [luminance(solid(foreground, back)), luminance(back)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const AA = 4.5;
const token = theme.getDesignToken(CONSOLE_THEME);
/** What text sits on: cards and drawers, the layout around them, table headers, disabled fields. */
const BACKGROUNDS = [token.colorBgContainer, token.colorBgLayout, token.colorFillAlter, token.colorBgContainerDisabled];

describe("the console theme's text colours reach WCAG AA (4.5:1)", () => {
  it.each([
    ["colorText", token.colorText],
    ["colorTextSecondary", token.colorTextSecondary],
    ["colorTextTertiary", token.colorTextTertiary],
    ["colorTextDescription (breadcrumbs, secondary Typography)", token.colorTextDescription],
    ["colorTextPlaceholder", token.colorTextPlaceholder],
    ["colorPrimary (link buttons, the selected tab)", token.colorPrimary],
    ["colorLink", token.colorLink],
    ["colorLinkHover", token.colorLinkHover],
    ["colorError (danger buttons, form errors)", token.colorError],
  ])("%s on every background", (_name, color) => {
    for (const background of BACKGROUNDS) expect(contrast(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(AA);
  });

  it.each([
    ["colorPrimary (primary buttons, the dark menu's selected entry, a checked switch)", token.colorPrimary],
    ["colorPrimaryHover", token.colorPrimaryHover],
    ["colorPrimaryActive", token.colorPrimaryActive],
    ["colorError (danger primary buttons, badges' counts)", token.colorError],
    ["colorErrorHover", token.colorErrorHover],
    ["the unchecked switch's track", String(CONSOLE_THEME.components?.Switch?.colorTextQuaternary)],
  ])("white on %s", (_name, background) => {
    expect(contrast(token.colorTextLightSolid, background), `white on ${background}`).toBeGreaterThanOrEqual(AA);
  });

  it("every light tag's text on its own background", () => {
    const palette = theme.getDesignToken();
    const overrides = (CONSOLE_THEME.components?.Tag ?? {}) as Record<string, string>;
    const colors = ["blue", "purple", "cyan", "green", "magenta", "pink", "red", "orange", "yellow", "volcano", "geekblue", "lime", "gold"] as const;
    for (const color of colors) {
      const text = overrides[`${color}7`] ?? palette[`${color}7`];
      expect(contrast(text, palette[`${color}1`]), `${color} tag: ${text} on ${palette[`${color}1`]}`).toBeGreaterThanOrEqual(AA);
    }
  });
});
