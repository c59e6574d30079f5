import { AdImage } from "../AdImage.tsx";
import type { ImageBlockValue } from "./floor-blocks.ts";

/** A floor's picture block (left picture, bottom banner). Nothing when the block is empty. */
export function FloorImage({ image, alt, className }: { image: ImageBlockValue | null; alt: string; className: string }) {
  if (!image) return null;
  return <AdImage src={image.url} link={image.link} alt={alt} className={className} lazy />;
}
