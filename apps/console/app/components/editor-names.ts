import { useEffect, type RefObject } from "react";
import { DomEditor, type IDomEditor } from "@wangeditor/editor";

/**
 * wangEditor draws its toolbar's buttons as bare icons: a button's name shows only in a CSS tooltip
 * (data-tooltip "粗体\nctrl+b"), and a group's button (更多, 对齐 …) has none at all. Its editable
 * area carries the role "textarea", which is no ARIA role, and no tabindex. These name each icon
 * button after its tooltip (a group's after its title in the toolbar's config) and make the area a
 * multi-line textbox named after the field.
 */
function nameEditorControls(root: HTMLElement, editor: IDomEditor, label: string): void {
  const groupTitles = new Map<string, string>();
  for (const key of DomEditor.getToolbar(editor)?.getConfig().toolbarKeys ?? []) if (typeof key !== "string") groupTitles.set(key.key, key.title);

  for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-menu-key]")) {
    // A button showing text is named by it: a select's (默认字号) — filled in after it is drawn, so
    // a name given while it was empty goes — or a menu's in a group's dropdown (its tooltip is only
    // the shortcut). wangEditor sets no aria-label of its own.
    if (button.textContent?.trim()) {
      button.removeAttribute("aria-label");
      continue;
    }
    const name = button.dataset.tooltip?.split("\n")[0]?.trim() || groupTitles.get(button.dataset.menuKey ?? "");
    if (name && button.getAttribute("aria-label") !== name) button.setAttribute("aria-label", name);
  }

  const editable = root.querySelector<HTMLElement>("[data-slate-editor]");
  if (editable && editable.getAttribute("role") !== "textbox") {
    editable.setAttribute("role", "textbox");
    editable.setAttribute("aria-multiline", "true");
    editable.setAttribute("aria-label", label);
    // focusable as any contenteditable is; said so, its scrolling box counts as reachable by keyboard
    editable.tabIndex = 0;
  }
}

/**
 * Names the controls of the editor drawn inside `root`, and again whenever wangEditor redraws them
 * (the toolbar mounts after the editor; a menu's tooltip may change).
 */
export function useEditorNames(root: RefObject<HTMLElement | null>, editor: IDomEditor | null, label: string): void {
  useEffect(() => {
    const element = root.current;
    if (!element || !editor) return;
    const name = () => nameEditorControls(element, editor, label);
    name();
    const observer = new MutationObserver(name);
    observer.observe(element, { childList: true, subtree: true, attributeFilter: ["data-tooltip", "role"] });
    return () => observer.disconnect();
  }, [root, editor, label]);
}
