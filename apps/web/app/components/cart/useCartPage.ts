import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { App } from "antd";
import type { CartLine } from "@shop/contract";
import { useMemberCall } from "../../lib/api-errors.ts";
import { useCart } from "../chrome/cart/cart-context.tsx";
import { isSelectable, splitLines, syncSelection } from "./cart-page-state.ts";

const idsOf = (lines: readonly CartLine[]) => new Set(lines.map((line) => line.cart_id));
const quantityOf = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.num, 0);

/**
 * The cart page's lines and selection, and its calls (cart calls are forceLogin, SPEC §6: a dead
 * session goes to login; a refusal shows the server's message). Every change refreshes the
 * header's cart; a change made elsewhere (the mini-cart) shows up as a count that differs from the
 * page's, and the page reloads its lines.
 */
export function useCartPage(initialLines: CartLine[]) {
  const [lines, setLines] = useState(initialLines);
  const [selected, setSelected] = useState<Set<number>>(() => syncSelection(new Set(), new Set(), initialLines));
  const { message } = App.useApp();
  const memberCall = useMemberCall();
  const cart = useCart();
  const linesRef = useRef(lines);
  const knownIds = useRef(idsOf(initialLines));

  const apply = useCallback((next: CartLine[]) => {
    const known = knownIds.current;
    setSelected((current) => syncSelection(current, known, next));
    knownIds.current = idsOf(next);
    linesRef.current = next;
    setLines(next);
  }, []);

  // The loader ran again (a navigation to the cart page while on it): take its lines.
  const loaderLines = useRef(initialLines);
  useEffect(() => {
    if (initialLines === loaderLines.current) return;
    loaderLines.current = initialLines;
    apply(initialLines);
  }, [initialLines, apply]);

  const reload = useCallback(async () => {
    const fresh = await memberCall("/api/cart/goodslists", undefined, { silent: true });
    if (fresh) apply(fresh);
  }, [memberCall, apply]);

  /** Sets a line's quantity → true when the server took it (else its message was shown and the lines reloaded). */
  const changeQuantity = useCallback(
    async (cartId: number, num: number) => {
      const done = await memberCall("/api/cart/edit", { cart_id: cartId, num });
      if (done === undefined) {
        await reload();
        return false;
      }
      apply(linesRef.current.map((line) => (line.cart_id === cartId ? { ...line, num } : line)));
      void cart.refresh();
      return true;
    },
    [memberCall, reload, apply, cart],
  );

  const remove = useCallback(
    async (cartIds: number[]) => {
      if (cartIds.length === 0) return void message.warning("请选择要删除的商品");
      const deleted = await memberCall("/api/cart/delete", { cart_id: cartIds.join(",") });
      if (deleted === undefined) return void (await reload());
      const gone = new Set(cartIds);
      apply(linesRef.current.filter((line) => !gone.has(line.cart_id)));
      void message.success("删除成功");
      void cart.refresh();
    },
    [memberCall, reload, apply, cart, message],
  );

  const clearInvalid = useCallback(async () => {
    const cleared = await memberCall("/api/cart/clearinvalid");
    if (cleared === undefined) return;
    await reload();
    void message.success(`已清空 ${cleared} 件失效商品`);
    void cart.refresh();
  }, [memberCall, reload, cart, message]);

  const { valid, invalid } = useMemo(() => splitLines(lines), [lines]);
  const selectable = useMemo(() => valid.filter(isSelectable), [valid]);
  const selectedLines = useMemo(() => valid.filter((line) => selected.has(line.cart_id)), [valid, selected]);

  const toggle = useCallback((cartId: number, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(cartId);
      else next.delete(cartId);
      return next;
    });
  }, []);
  const toggleAll = useCallback((on: boolean) => setSelected(on ? idsOf(selectable) : new Set()), [selectable]);

  // The header's count moved without this page (a delete in the mini-cart, another tab): reload.
  const pageCount = useRef(0);
  pageCount.current = quantityOf(valid);
  useEffect(() => {
    if (cart.loaded && cart.count !== pageCount.current) void reload();
  }, [cart.loaded, cart.count, reload]);

  return {
    valid, invalid, selectable, selectedLines, selected,
    allSelected: selectable.length > 0 && selectable.every((line) => selected.has(line.cart_id)),
    toggle, toggleAll, changeQuantity, remove, clearInvalid,
  };
}
