import { AdImage } from "../AdImage.tsx";
import type { ImageBlockValue } from "./floor-blocks.ts";

/** A picture's display size in a floor (its artwork's size): width, height. */
export type PictureSize = readonly [number, number];

/** The bottom banner of floor styles 1, 2 and 4. */
export const BOTTOM_BANNER_SIZE: PictureSize = [1210, 118];

interface FloorImageProps {
  image: ImageBlockValue | null;
  alt: string;
  size: PictureSize;
  className: string;
}

/** A floor's picture block (left picture, bottom banner), loaded lazily. Nothing when the block is empty. */
export function FloorImage({ image, alt, size, className }: FloorImageProps) {
  if (!image) return null;
  return <AdImage src={image.url} link={image.link} alt={alt} width={size[0]} height={size[1]} className={className} lazy plainLink />;
}
