/**
 * A one-line notice near the top of the page, for the outcome of a click ("加入购物车成功").
 * Imperative and provider-free, so any handler can call it and public pages need no antd:
 * `toast.success(text)`. One at a time (a new one replaces the shown one), gone after ~3 s.
 * It is plain DOM in a polite live region (screen readers read it without moving focus). The
 * region is in the page from its first HTML (ToastRegion, root.tsx): a region created together
 * with its first message is not yet watched, so that message would go unannounced.
 * Looks: styles/app.css `.shop-toast…`. On the server (no document) it does nothing.
 */

export type ToastKind = "success" | "error" | "info" | "warning";

export const TOAST_DURATION_MS = 3000;

/** The live region that root.tsx renders into every page (toast-region.tsx). */
export const TOAST_REGION_ID = "shop-toast-region";
export const TOAST_REGION_CLASS = "shop-toast-region";
/** A polite status region, read as a whole each time its notice changes. */
export const TOAST_REGION_ATTRIBUTES = { role: "status", "aria-live": "polite", "aria-atomic": "true" } as const;
/**
 * An open modal <dialog> (the chat) lies above the page and makes it inert, the page's region too:
 * such a dialog holds a region of its own (this class, no id), which toasts use while it is open.
 */
export const DIALOG_TOAST_REGION_SELECTOR = `dialog[open] .${TOAST_REGION_CLASS}`;

/** Filled-circle glyphs like antd's message icons (16 px, coloured by the kind's class). */
const ICON_PATHS: Record<ToastKind, string> = {
  success: "M5 8.2l2.1 2.1L11 6.4",
  error: "M5.6 5.6l4.8 4.8M10.4 5.6l-4.8 4.8",
  info: "M8 7v4.5M8 4.6v.2",
  warning: "M8 4.5V9M8 11.2v.2",
};

/** The DOM a toast needs: a document (the browser's, or a test's stand-in). */
export interface ToastDocument {
  body: { appendChild(node: unknown): unknown };
  createElement(tag: string): ToastElement;
  getElementById(id: string): unknown;
  querySelector?(selector: string): unknown;
}
interface ToastElement {
  id: string;
  className: string;
  textContent: string | null;
  innerHTML: string;
  setAttribute(name: string, value: string): void;
  appendChild(node: unknown): unknown;
  replaceChildren(...nodes: unknown[]): void;
}

export function createToaster(getDocument: () => ToastDocument | undefined, durationMs = TOAST_DURATION_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;

  function show(kind: ToastKind, text: string): void {
    const doc = getDocument();
    if (!doc) return;
    const region = ((doc.querySelector?.(DIALOG_TOAST_REGION_SELECTOR) ?? doc.getElementById(TOAST_REGION_ID)) as ToastElement | null) ?? appendRegion(doc);
    const notice = doc.createElement("div");
    notice.className = `shop-toast shop-toast-${kind}`;
    const icon = doc.createElement("span");
    icon.className = "shop-toast-icon";
    icon.setAttribute("aria-hidden", "true");
    icon.innerHTML =
      `<svg viewBox="0 0 16 16" width="16" height="16"><circle cx="8" cy="8" r="8" fill="currentColor"/>` +
      `<path d="${ICON_PATHS[kind]}" stroke="#fff" stroke-width="1.6" stroke-linecap="round" fill="none"/></svg>`;
    const label = doc.createElement("span");
    label.textContent = text;
    notice.appendChild(icon);
    notice.appendChild(label);
    region.replaceChildren(notice);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => region.replaceChildren(), durationMs);
  }

  /** Only for a document without the server-rendered region (its first message may go unread). */
  function appendRegion(doc: ToastDocument): ToastElement {
    const created = doc.createElement("div");
    created.id = TOAST_REGION_ID;
    created.className = TOAST_REGION_CLASS;
    for (const [name, value] of Object.entries(TOAST_REGION_ATTRIBUTES)) created.setAttribute(name, value);
    doc.body.appendChild(created);
    return created;
  }

  return {
    success: (text: string) => show("success", text),
    error: (text: string) => show("error", text),
    info: (text: string) => show("info", text),
    warning: (text: string) => show("warning", text),
  };
}

export const toast = createToaster(() =>
  typeof document === "undefined" ? undefined : (document as unknown as ToastDocument),
);
