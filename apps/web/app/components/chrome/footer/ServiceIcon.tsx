import { imageUrl } from "../../../lib/image.ts";
import { SafetyCertificateIcon } from "../../ui/icons.tsx";

interface ServiceIconValue {
  iconType?: string;
  imageUrl?: string;
  icon?: string;
}

/** The icon field of a service item is a JSON string {iconType, imageUrl, icon}. */
function parseIcon(value: string): ServiceIconValue {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" ? (parsed as ServiceIconValue) : {};
  } catch {
    // a bare image path is accepted too
    return value ? { iconType: "img", imageUrl: value } : {};
  }
}

/**
 * A service promise's icon: the uploaded image for iconType "img"; otherwise a drawn badge
 * (the back office's icon-font names have no counterpart in the storefront).
 */
export function ServiceIcon({ icon, name }: { icon: string; name: string }) {
  const value = parseIcon(icon);
  if (value.iconType === "img" && value.imageUrl) {
    return <img className="footer-service-icon" src={imageUrl(value.imageUrl)} alt={name} width={44} height={44} loading="lazy" />;
  }
  return (
    <span className="footer-service-icon footer-service-badge" aria-hidden>
      {name ? name.slice(0, 1) : <SafetyCertificateIcon />}
    </span>
  );
}
