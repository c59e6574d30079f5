import { imageUrl } from "../../lib/image.ts";
import { AppLink } from "../chrome/AppLink.tsx";
import { PlainLink } from "../common/PlainLink.tsx";

interface AdImageProps {
  src: string;
  /** a storefront path or URL (a JSON link field is read too); "" for none */
  link: string;
  alt: string;
  /** the size the picture is shown at (it fills its box): reserves its place before it loads */
  width: number;
  height: number;
  className?: string;
  /** below the fold, or a slide not shown yet: load when it comes close */
  lazy?: boolean;
  /** the page's largest picture above the fold (the first carousel slide): fetched first */
  priority?: boolean;
  /** inside server markup (the floors): a plain anchor */
  plainLink?: boolean;
}

/** An advertising picture that follows its link (or none). Renders nothing without an image. */
export function AdImage({ src, link, alt, width, height, className, lazy = false, priority = false, plainLink = false }: AdImageProps) {
  if (!src) return null;
  const Anchor = plainLink ? PlainLink : AppLink;
  return (
    <Anchor to={link} className={`home-ad-image ${className ?? ""}`.trim()}>
      <img
        src={imageUrl(src)}
        alt={alt}
        width={width}
        height={height}
        loading={lazy ? "lazy" : undefined}
        fetchPriority={priority ? "high" : undefined}
      />
    </Anchor>
  );
}
