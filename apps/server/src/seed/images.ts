import type { ImageJob } from "./image-store.ts";
import { seedUrl, sizedName } from "./image-store.ts";
import { bannerSvg, iconSvg, logoSvg, productSvg, type BannerArt, type ProductArt, type Size } from "./svg-art.ts";

/** Product pictures come in three sizes (SPEC §9: lists use the "mid" one). */
export const PRODUCT_SIZES = { big: 800, mid: 360, small: 160 } as const;

/**
 * Collects the pictures the seed data refers to. Each method records what to render and returns
 * the URL to store right away; everything is rendered in one pass before the rows are written.
 */
export class SeedImages {
  readonly jobs: ImageJob[] = [];
  /** pictures rendered only if some row ends up using them (see `pooledProduct`) */
  private readonly pooled = new Map<string, ImageJob[]>();

  add(file: string, svg: string, format: ImageJob["format"]): string {
    this.jobs.push({ file, svg, format });
    return seedUrl(file);
  }

  /** A product picture in its three sizes (x.jpg, x_mid.jpg, x_small.jpg); returns the big one's URL. */
  product(file: string, art: ProductArt): string {
    this.jobs.push(...productJobs(file, art));
    return seedUrl(file);
  }

  /**
   * A product picture of a category's pool: rendered only once `use` is called with its URL, so a
   * small seed that leaves some categories without goods doesn't draw their pictures.
   */
  pooledProduct(file: string, art: ProductArt): string {
    const url = seedUrl(file);
    if (!this.pooled.has(url)) this.pooled.set(url, productJobs(file, art));
    return url;
  }

  use(url: string): void {
    const jobs = this.pooled.get(url);
    if (!jobs) return;
    this.jobs.push(...jobs);
    this.pooled.delete(url);
  }

  icon(file: string, label: string, color: string, size = 120): string {
    return this.add(file, iconSvg(label, color, size), "png");
  }

  logo(file: string, name: string, color: string, size: Size = { width: 240, height: 120 }): string {
    return this.add(file, logoSvg(name, color, size), "png");
  }

  banner(file: string, art: BannerArt, size: Size): string {
    return this.add(file, bannerSvg(art, size), "jpeg");
  }
}

function productJobs(file: string, art: ProductArt): ImageJob[] {
  return [
    { file, svg: productSvg(art, PRODUCT_SIZES.big), format: "jpeg" },
    { file: sizedName(file, "mid"), svg: productSvg(art, PRODUCT_SIZES.mid), format: "jpeg" },
    { file: sizedName(file, "small"), svg: productSvg(art, PRODUCT_SIZES.small), format: "jpeg" },
  ];
}

/** Colours for generated pictures that have no theme of their own, picked by index. */
export const PALETTE = ["#e4393c", "#f08300", "#1e88e5", "#8e24aa", "#d81b60", "#43a047", "#fb8c00", "#6d4c41", "#00897b", "#3949ab", "#546e7a", "#00acc1"];

export const paletteColor = (index: number) => PALETTE[index % PALETTE.length] as string;
