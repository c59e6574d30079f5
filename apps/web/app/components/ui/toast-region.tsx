import { TOAST_REGION_ATTRIBUTES, TOAST_REGION_CLASS, TOAST_REGION_ID } from "./toast.ts";

/**
 * The toasts' live region, empty in every page's HTML (root.tsx) so that assistive technology
 * watches it before the first toast (toast.ts fills it). React renders it once and never its children.
 */
export function ToastRegion() {
  return <div id={TOAST_REGION_ID} className={TOAST_REGION_CLASS} {...TOAST_REGION_ATTRIBUTES} />;
}
