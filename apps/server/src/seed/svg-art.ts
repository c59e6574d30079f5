/**
 * SVG artwork for the generated images: product pictures, icons, logos and banners. Each function
 * returns an SVG drawn on a fixed design canvas (viewBox) and scaled to the requested pixel size,
 * so the three sizes of a product picture are the same drawing.
 */

export const FONT_FAMILY = "Noto Sans CJK SC, WenQuanYi Zen Hei, sans-serif";

export interface Size {
  width: number;
  height: number;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char] ?? char);

/** Mixes a #rrggbb colour with white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const target = amount > 0 ? 255 : 0;
  const weight = Math.abs(amount);
  const channel = (shift: number) => Math.round(((value >> shift) & 255) * (1 - weight) + target * weight);
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, "0")).join("")}`;
}

/** Visual width of text in em: CJK characters are 1em, Latin letters and digits about 0.6em. */
const textWidthEm = (text: string) => [...text].reduce((sum, char) => sum + (char.charCodeAt(0) > 255 ? 1 : 0.6), 0);

/** The largest font size (≤ max) at which `text` fits in `width`. */
const fitFont = (text: string, width: number, max: number) => Math.min(max, Math.floor(width / Math.max(1, textWidthEm(text))));

function svg(size: Size, viewBox: Size, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${viewBox.width} ${viewBox.height}">${body}</svg>`;
}

function text(x: number, y: number, content: string, fontSize: number, fill: string, extra = ""): string {
  return `<text x="${x}" y="${y}" font-size="${fontSize}" fill="${fill}" font-family="${FONT_FAMILY}" text-anchor="middle" dominant-baseline="central" ${extra}>${escapeXml(content)}</text>`;
}

const gradient = (id: string, from: string, to: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;

export interface ProductArt {
  /** the product's short name, drawn large */
  label: string;
  color: string;
  /** picks the shape and tint, so the pictures of one category differ */
  variant: number;
  caption: string;
}

/** A square product picture: tinted background, a simple shape, the short name and a caption. */
export function productSvg(art: ProductArt, size: number): string {
  const base = shade(art.color, (art.variant % 3) * 0.12 - 0.08);
  const shapes = [
    `<circle cx="400" cy="360" r="230" fill="#ffffff" fill-opacity="0.22"/>`,
    `<rect x="170" y="130" width="460" height="460" rx="70" fill="#ffffff" fill-opacity="0.2"/>`,
    `<polygon points="400,110 660,360 400,610 140,360" fill="#ffffff" fill-opacity="0.2"/>`,
    `<ellipse cx="400" cy="360" rx="280" ry="190" fill="#ffffff" fill-opacity="0.22"/>`,
  ];
  const body = [
    gradient("bg", shade(base, 0.35), base),
    `<rect width="800" height="800" fill="url(#bg)"/>`,
    `<circle cx="700" cy="90" r="150" fill="#ffffff" fill-opacity="0.08"/>`,
    shapes[art.variant % shapes.length],
    text(400, 360, art.label, fitFont(art.label, 520, 150), "#ffffff", 'font-weight="bold"'),
    `<rect x="200" y="650" width="400" height="64" rx="32" fill="#ffffff" fill-opacity="0.9"/>`,
    text(400, 682, art.caption, fitFont(art.caption, 360, 34), base),
  ].join("");
  return svg({ width: size, height: size }, { width: 800, height: 800 }, body);
}

/** A small square icon (categories, services): rounded tile with up to four characters. */
export function iconSvg(label: string, color: string, size: number): string {
  const shown = [...label].slice(0, 4).join("");
  const body = [
    gradient("bg", shade(color, 0.25), color),
    `<rect x="4" y="4" width="112" height="112" rx="26" fill="url(#bg)"/>`,
    text(60, 62, shown, fitFont(shown, 92, 44), "#ffffff", 'font-weight="bold"'),
  ].join("");
  return svg({ width: size, height: size }, { width: 120, height: 120 }, body);
}

/** A brand logo: the name in the brand colour on white, with a coloured rule. */
export function logoSvg(name: string, color: string, size: Size): string {
  const body = [
    `<rect width="240" height="120" fill="#ffffff"/>`,
    `<rect x="1" y="1" width="238" height="118" fill="none" stroke="#eeeeee" stroke-width="2"/>`,
    text(120, 56, name, fitFont(name, 200, 46), color, 'font-weight="bold"'),
    `<rect x="90" y="92" width="60" height="5" rx="2.5" fill="${color}"/>`,
  ].join("");
  return svg(size, { width: 240, height: 120 }, body);
}

export interface BannerArt {
  title: string;
  subtitle?: string;
  /** button text; none when empty */
  action?: string;
  background: string;
  /** colour of the button and decorations */
  accent?: string;
  /** horizontal centre of the text as a fraction of the width (0.5 = middle) */
  centre?: number;
}

/**
 * A promotional banner of any proportion: flat background (so it blends with the ad position's
 * background colour at the edges), decorative circles and the slogan. Wide, short strips put it
 * on one line; tall pictures break the title at its spaces; others stack title, subtitle, button.
 */
export function bannerSvg(art: BannerArt, size: Size): string {
  const { width, height } = size;
  const radius = Math.min(width, height);
  const decorations = [
    `<rect width="${width}" height="${height}" fill="${art.background}"/>`,
    `<circle cx="${Math.round(width * 0.08)}" cy="${Math.round(height * 0.12)}" r="${Math.round(radius * 0.45)}" fill="#ffffff" fill-opacity="0.08"/>`,
    `<circle cx="${Math.round(width * 0.92)}" cy="${Math.round(height * 0.9)}" r="${Math.round(radius * 0.6)}" fill="#ffffff" fill-opacity="0.07"/>`,
  ].join("");
  const layout = height < 140 && width / height > 4 ? stripLayout : stackedLayout;
  return svg(size, size, decorations + layout(art, size));
}

function button(centreX: number, centreY: number, label: string, fontSize: number, art: BannerArt): string {
  const buttonWidth = Math.round(textWidthEm(label) * fontSize + fontSize * 2.4);
  return (
    `<rect x="${Math.round(centreX - buttonWidth / 2)}" y="${Math.round(centreY - fontSize)}" width="${buttonWidth}" height="${fontSize * 2}" rx="${fontSize}" fill="${art.accent ?? "#ffdd55"}"/>` +
    text(centreX, centreY, label, fontSize, art.background, 'font-weight="bold"')
  );
}

/** One line: title and subtitle, then the button. */
function stripLayout(art: BannerArt, { width, height }: Size): string {
  const centreX = width * (art.centre ?? 0.5);
  const line = [art.title, art.subtitle].filter(Boolean).join("  ");
  const fontSize = fitFont(line, width * 0.62, height * 0.46);
  const buttonFont = Math.round(height * 0.22);
  const buttonWidth = art.action ? textWidthEm(art.action) * buttonFont + buttonFont * 2.4 : 0;
  const lineWidth = textWidthEm(line) * fontSize;
  const gap = art.action ? height * 0.6 : 0;
  const left = centreX - (lineWidth + gap + buttonWidth) / 2;
  const parts = [text(Math.round(left + lineWidth / 2), height / 2, line, fontSize, "#ffffff", 'font-weight="bold"')];
  if (art.action) parts.push(button(Math.round(left + lineWidth + gap + buttonWidth / 2), height / 2, art.action, buttonFont, art));
  return parts.join("");
}

/** Title lines, subtitle and button stacked and centred vertically. */
function stackedLayout(art: BannerArt, { width, height }: Size): string {
  const centreX = Math.round(width * (art.centre ?? 0.5));
  const portrait = height > width * 1.2;
  const titleLines = portrait ? art.title.split(/\s+/) : [art.title];
  const usable = Math.min(width, height * 4) * 0.86;
  const titleSize = Math.min(...titleLines.map((line) => fitFont(line, usable, Math.min(height * 0.2, width * 0.22))));
  const subtitleSize = art.subtitle ? fitFont(art.subtitle, usable, titleSize * 0.45) : 0;
  const buttonFont = Math.max(12, Math.round(titleSize * 0.32));
  // Row heights, top to bottom: title lines, subtitle, button.
  const rows = [...titleLines.map(() => titleSize * 1.25), subtitleSize ? subtitleSize * 1.9 : 0, art.action ? buttonFont * 3.2 : 0];
  let y = height / 2 - rows.reduce((sum, row) => sum + row, 0) / 2;
  const parts: string[] = [];
  for (const line of titleLines) {
    parts.push(text(centreX, Math.round(y + titleSize * 0.62), line, titleSize, "#ffffff", 'font-weight="bold"'));
    y += titleSize * 1.25;
  }
  if (art.subtitle) {
    parts.push(text(centreX, Math.round(y + subtitleSize * 0.95), art.subtitle, subtitleSize, "#ffffff", 'fill-opacity="0.9"'));
    y += subtitleSize * 1.9;
  }
  if (art.action) parts.push(button(centreX, Math.round(y + buttonFont * 1.6), art.action, buttonFont, art));
  return parts.join("");
}

/** A neutral member avatar: head-and-shoulders silhouette. */
export function avatarSvg(size: number): string {
  const body = [
    `<rect width="200" height="200" fill="#e8ecf2"/>`,
    `<circle cx="100" cy="80" r="38" fill="#b8c2d0"/>`,
    `<path d="M30 190 C30 140 60 125 100 125 C140 125 170 140 170 190 Z" fill="#b8c2d0"/>`,
  ].join("");
  return svg({ width: size, height: size }, { width: 200, height: 200 }, body);
}

/** The shop logo: a shopping-bag mark and the site name, on a transparent background. */
export function siteLogoSvg(name: string, color: string, size: Size): string {
  const mark = [
    `<rect x="10" y="22" width="50" height="48" rx="8" fill="${color}"/>`,
    `<path d="M24 30 V22 A11 11 0 0 1 46 22 V30" fill="none" stroke="${color}" stroke-width="5"/>`,
    text(35, 48, "优", 28, "#ffffff", 'font-weight="bold"'),
  ].join("");
  const body = mark + `<text x="72" y="47" font-size="34" fill="${color}" font-family="${FONT_FAMILY}" font-weight="bold" dominant-baseline="central">${escapeXml(name)}</text>`;
  return svg(size, { width: 240, height: 80 }, body);
}
