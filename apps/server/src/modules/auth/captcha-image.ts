import crypto from "node:crypto";
import sharp from "sharp";

/**
 * Captcha pictures without any font: each character is drawn from a small built-in stroke font
 * (polylines on a 4×6 grid), bent by a random per-glyph rotation, skew, scale and vertex jitter,
 * mixed with noise curves and dots, then rasterised to PNG with sharp (librsvg draws only
 * paths here, so no system font, CJK or otherwise, is needed, and the picture carries no vector
 * data a bot could read back).
 */

type Stroke = ReadonlyArray<readonly [number, number]>;

/** The captcha alphabet: of each look-alike pair (0/O/D/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B) at most one is kept. */
export const GLYPHS: Readonly<Record<string, readonly Stroke[]>> = {
  A: [[[0, 6], [2, 0], [4, 6]], [[0.8, 3.8], [3.2, 3.8]]],
  C: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  J: [[[1, 0], [4, 0]], [[3, 0], [3, 5], [2, 6], [1, 6], [0, 5]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 3.5]], [[1.3, 2.7], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  P: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]]],
  R: [[[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]], [[2, 3], [4, 6]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 5], [1, 6], [3, 6], [4, 5], [4, 0]]],
  V: [[[0, 0], [2, 6], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 2], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
  2: [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  3: [[[0, 0], [4, 0], [2, 2.5], [3, 2.5], [4, 3.5], [4, 5], [3, 6], [1, 6], [0, 5]]],
  4: [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  5: [[[4, 0], [0, 0], [0, 2.5], [3, 2.5], [4, 3.5], [4, 5], [3, 6], [0, 6]]],
  6: [[[3.5, 0], [1.5, 0], [0, 2], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3], [0, 3]]],
  7: [[[0, 0], [4, 0], [1.5, 6]]],
  8: [[[1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [1, 3], [0, 4], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3]]],
  9: [[[4, 3], [1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 4], [2.5, 6], [0.5, 6]]],
};

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join("");

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
