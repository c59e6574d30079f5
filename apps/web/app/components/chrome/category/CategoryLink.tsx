import type { ReactNode } from "react";
import type { CategoryNode } from "@shop/contract";
import { categoryListPath } from "../../../lib/links.ts";
import { imageUrl } from "../../../lib/image.ts";
import { AppLink } from "../AppLink.tsx";

interface CategoryLinkProps {
  category: Pick<CategoryNode, "category_id" | "category_name" | "level" | "image">;
  className?: string;
  /** show the category image before the label (config img = 1) */
  withImage?: boolean;
  children?: ReactNode;
}

/** SPEC §2: category links open the goods list in a new tab. */
export function CategoryLink({ category, className, withImage = false, children }: CategoryLinkProps) {
  return (
    <AppLink to={categoryListPath(category.category_id, category.level)} newTab className={className} title={category.category_name}>
      {withImage && category.image && <img className="catnav-image" src={imageUrl(category.image)} alt="" width={20} height={20} loading="lazy" />}
      {children ?? category.category_name}
    </AppLink>
  );
}
