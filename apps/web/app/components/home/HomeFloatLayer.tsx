import { useEffect, useState } from "react";
import type { FloatLayer } from "@shop/contract";
import { floatLayerKey, readFloatLayerShown, recordFloatLayerShown, shouldShowFloatLayer } from "../../lib/client-state.ts";
import { imageUrl } from "../../lib/image.ts";
import { AppLink } from "../chrome/AppLink.tsx";
import { CloseIcon } from "../ui/icons.tsx";

/** The layer pops up shortly after the page has settled. */
const POP_UP_DELAY_MS = 600;

/**
 * The pop-up picture of /api/pc/floatLayer. Decided in the browser after hydration (never in the
 * server HTML), counted per visitor: `number` times at most, 0 = every visit of the home page.
 */
export function HomeFloatLayer({ layer }: { layer: FloatLayer | null }) {
  const [open, setOpen] = useState(false);
  // Primitive dependencies: a revalidated loader hands over an equal layer that must not pop up again.
  const key = layer ? floatLayerKey(layer) : "";
  const isShow = layer?.is_show ?? 0;
  const limit = layer?.number ?? 0;
  const imgUrl = layer?.img_url ?? "";

  useEffect(() => {
    const wanted = { is_show: isShow, number: limit, img_url: imgUrl };
    if (!key || !shouldShowFloatLayer(wanted, readFloatLayerShown(key))) return;
    const timer = window.setTimeout(() => {
      recordFloatLayerShown(key);
      setOpen(true);
    }, POP_UP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key, isShow, limit, imgUrl]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  if (!open || !layer) return null;
  const close = () => setOpen(false);
  return (
    <div className="home-float-layer" role="dialog" aria-modal="true" aria-label={layer.title || "活动"} onClick={close}>
      <div className="home-float-layer__box" onClick={(event) => event.stopPropagation()}>
        <AppLink to={layer.url} className="home-float-layer__link" title={layer.title || undefined} onClick={close}>
          <img className="home-float-layer__img" src={imageUrl(layer.img_url)} alt={layer.title} />
        </AppLink>
        <button type="button" className="home-float-layer__close" aria-label="关闭" onClick={close}>
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
