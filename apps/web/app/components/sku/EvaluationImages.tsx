import { lazy, Suspense, useState } from "react";
import { imageUrl } from "../../lib/image.ts";
import { sizedImage, splitImages } from "./sku-images.ts";

/** The full-size viewer comes with the first click on a picture, not with the page. */
const ImageViewer = lazy(() => import("../ui/ImageViewer.tsx"));

/** An evaluation's pictures as thumbnails; a click shows them full size. */
export function EvaluationImages({ images }: { images: string }) {
  const list = splitImages(images);
  const [opened, setOpened] = useState<number | null>(null);
  if (list.length === 0) return null;
  return (
    <div className="sku-eval__images">
      {list.map((image, index) => (
        <button key={image} type="button" className="sku-eval__picture" aria-label={`查看晒图 ${index + 1}`} onClick={() => setOpened(index)}>
          <img src={sizedImage(image, "small")} alt="" width={64} height={64} loading="lazy" />
        </button>
      ))}
      {opened !== null && (
        <Suspense fallback={null}>
          <ImageViewer images={list.map((image) => imageUrl(image))} start={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </div>
  );
}
