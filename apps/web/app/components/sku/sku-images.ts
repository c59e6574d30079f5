import { imageSize, type ImageSize, imageUrl } from "../../lib/image.ts";

/** "a.jpg, b.jpg," → ["a.jpg", "b.jpg"] (the contract's comma-separated picture lists). */
export const splitImages = (csv: string | null | undefined): string[] =>
  (csv ?? "").split(",").map((image) => image.trim()).filter(Boolean);

/** A picture's URL in a generated size ("big" is the original upload). */
export const sizedImage = (path: string, size: ImageSize): string => imageUrl(size === "big" ? path : imageSize(path, size));
