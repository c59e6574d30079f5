import { useCallback, useEffect, useState } from "react";
import type { CategoryNode } from "@shop/contract";
import { browserApi } from "../../../lib/api.ts";

/** One request per page load, shared by every caller; a failure lets the next caller retry. */
let pendingTree: Promise<CategoryNode[]> | null = null;

function fetchTree(): Promise<CategoryNode[]> {
  pendingTree ??= browserApi.call("/api/goodscategory/tree", { level: 3 }).catch(() => {
    pendingTree = null;
    return [];
  });
  return pendingTree;
}

/** Runs `task` when the browser is idle after hydration (or soon, where idle callbacks are missing). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/**
 * The full category tree for the header's flyouts, by first-level id. The server renders only the
 * first-level rows (hundreds of flyout links on every page cost a third of the HTML and of the render
 * time), so the browser loads the tree once it is idle after hydration, or at once when the shopper
 * reaches for the menu (`prefetch`). Null until loaded.
 */
export function useCategoryTree(enabled: boolean): { tree: Map<number, CategoryNode> | null; prefetch: () => void } {
  const [tree, setTree] = useState<Map<number, CategoryNode> | null>(null);

  const load = useCallback(() => {
    void fetchTree().then((nodes) => {
      if (nodes.length > 0) setTree(new Map(nodes.map((node) => [node.category_id, node])));
    });
  }, []);

  useEffect(() => {
    if (!enabled) return;
    return whenIdle(load);
  }, [enabled, load]);

  return { tree, prefetch: enabled ? load : noop };
}

function noop(): void {}
