import { imageUrl } from "../../lib/image.ts";
import { AppLink } from "../chrome/AppLink.tsx";

interface AdImageProps {
  src: string;
  /** the JSON link field ({"url": "…"}) or a plain url; "" for none */
  link: string;
  alt: string;
  className?: string;
  lazy?: boolean;
}

/** An advertising picture that follows its link (or none). Renders nothing without an image. */
export function AdImage({ src, link, alt, className, lazy = false }: AdImageProps) {
  if (!src) return null;
  return (
    <AppLink to={link} className={`home-ad-image ${className ?? ""}`.trim()} title={alt || undefined}>
      <img className="home-ad-image__img" src={imageUrl(src)} alt={alt} loading={lazy ? "lazy" : undefined} />
    </AppLink>
  );
}
