import crypto from "node:crypto";
import sharp from "sharp";
import { CAPTCHA_ALPHABET, GLYPHS, type Stroke } from "./captcha-glyphs.ts";

/**
 * Captcha pictures without any font: each character is drawn from a small built-in stroke font
 * (polylines on a 4×6 grid), bent by a random per-glyph rotation, skew, scale and vertex jitter,
 * mixed with noise curves and dots, then rasterised to PNG with sharp (librsvg draws only
 * paths here, so no system font, CJK or otherwise, is needed, and the picture carries no vector
 * data a bot could read back).
 */

export { CAPTCHA_ALPHABET, GLYPHS };

const WIDTH = 120;
const HEIGHT = 44;

const rand = (min: number, max: number) => min + (crypto.randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const fmt = (value: number) => value.toFixed(1);
const darkColor = () => `hsl(${Math.round(rand(0, 360))},${Math.round(rand(55, 85))}%,${Math.round(rand(22, 38))}%)`;

/** One glyph as path data, transformed and jittered so no two drawings match. */
function glyphPath(strokes: readonly Stroke[], centerX: number, centerY: number): string {
  const scaleX = rand(3.6, 4.5);
  const scaleY = rand(4.4, 5.3);
  const skew = rand(-0.3, 0.3);
  const angle = rand(-0.35, 0.35);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return strokes
    .map((stroke) =>
      stroke
        .map(([gx, gy], index) => {
          const y = (gy - 3) * scaleY;
          const x = (gx - 2 + skew * (gy - 3)) * scaleX;
          const px = centerX + x * cos - y * sin + rand(-0.7, 0.7);
          const py = centerY + x * sin + y * cos + rand(-0.7, 0.7);
          return `${index ? "L" : "M"}${fmt(px)} ${fmt(py)}`;
        })
        .join(""),
    )
    .join("");
}

function noiseCurve(): string {
  const points = [rand(-5, 10), rand(5, HEIGHT - 5), rand(20, 60), rand(0, HEIGHT), rand(60, 100), rand(0, HEIGHT), rand(110, WIDTH + 5), rand(5, HEIGHT - 5)];
  const [x0, y0, x1, y1, x2, y2, x3, y3] = points.map(fmt);
  return `<path d="M${x0} ${y0}C${x1} ${y1} ${x2} ${y2} ${x3} ${y3}" fill="none" stroke="${darkColor()}" stroke-width="${fmt(rand(1, 1.8))}" stroke-linecap="round"/>`;
}

/** The SVG drawing of a code (characters from CAPTCHA_ALPHABET). */
export function captchaSvg(code: string): string {
  const parts: string[] = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="hsl(${Math.round(rand(0, 360))},40%,94%)"/>`,
  ];
  for (let i = 0; i < 40; i++) {
    parts.push(`<circle cx="${fmt(rand(0, WIDTH))}" cy="${fmt(rand(0, HEIGHT))}" r="${fmt(rand(0.6, 1.5))}" fill="${darkColor()}" opacity="0.6"/>`);
  }
  const cell = (WIDTH - 16) / code.length;
  [...code].forEach((char, index) => {
    const strokes = GLYPHS[char];
    if (!strokes) throw new Error(`captcha glyph missing: ${char}`);
    const centerX = 8 + cell * (index + 0.5) + rand(-3, 3);
    const centerY = HEIGHT / 2 + rand(-3, 3);
    parts.push(
      `<path d="${glyphPath(strokes, centerX, centerY)}" fill="none" stroke="${darkColor()}" stroke-width="${fmt(rand(2.2, 3))}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  for (let i = 0; i < 3; i++) parts.push(noiseCurve());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join("")}</svg>`;
}

/** The code drawn as a PNG data: URI. */
export async function captchaImage(code: string): Promise<string> {
  const png = await sharp(Buffer.from(captchaSvg(code))).png({ compressionLevel: 6 }).toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}
