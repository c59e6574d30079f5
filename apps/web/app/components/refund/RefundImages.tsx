import { lazy, Suspense, useState } from "react";
import { imageUrl } from "../../lib/image.ts";

/** The full-size viewer comes with the first click on a picture, not with the page (it needs styles/ui.css). */
const ImageViewer = lazy(() => import("../ui/ImageViewer.tsx"));

/** Pictures a buyer attached (refund or complaint evidence) as thumbnails; a click shows them full size. */
export function RefundImages({ images, label }: { images: string[]; label: string }) {
  const [opened, setOpened] = useState<number | null>(null);
  if (images.length === 0) return null;
  return (
    <div className="refund-images">
      {images.map((image, index) => (
        <button key={image} type="button" className="refund-picture" aria-label={`查看${label} ${index + 1}`} onClick={() => setOpened(index)}>
          <img src={imageUrl(image)} alt="" width={64} height={64} loading="lazy" />
        </button>
      ))}
      {opened !== null && (
        <Suspense fallback={null}>
          <ImageViewer images={images.map((image) => imageUrl(image))} start={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </div>
  );
}
