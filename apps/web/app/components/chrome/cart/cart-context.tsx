import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { ApiError } from "@shop/contract/client";
import { isInvalidLine } from "@shop/contract/domains/cart-rules";
import { isTokenCode } from "@shop/contract/codes";
import { ZERO_CENTS } from "@shop/contract/money";
import type { CartLine } from "@shop/contract";
import { browserApi } from "../../../lib/api.ts";
import { useGlobalData } from "../../../lib/global-data.ts";
import { useMemberCall } from "../../../lib/api-errors.ts";
import { sumLines, type CartSummary } from "./cart-types.ts";

export interface CartState extends CartSummary {
  /** true once the count of the current member was loaded (always true for a guest) */
  loaded: boolean;
  /** delete one line from the mini-cart */
  remove: (cartId: number) => Promise<void>;
  /** reload the count (and so the mini-cart when it changed), after the cart was changed elsewhere */
  refresh: () => Promise<void>;
}

const noop = async () => {};
const EMPTY_CART: CartState = { items: [], count: 0, total: ZERO_CENTS, loaded: true, remove: noop, refresh: noop };

const CartContext = createContext<CartState>(EMPTY_CART);

interface Loaded {
  /** null until /api/cart/count answered for the current member */
  count: number | null;
  lines: CartLine[];
}
const NOTHING: Loaded = { count: null, lines: [] };

/**
 * The cart as the chrome sees it (header mini-cart, side-bar badge), provided once by PageShell.
 * SPEC §4: the count is loaded when the header is created, the mini-cart reloads when the count
 * changes, and a guest's cart is empty: when the member is cleared (logout, token error) the count
 * is 0 and the mini-cart empties. SPEC §8: failed loads are ignored silently; a token error makes
 * the root loader run again, which forgets the member.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const memberId = useGlobalData().member?.member_id ?? null;
  const [loaded, setLoaded] = useState<Loaded>(NOTHING);
  const revalidator = useRevalidator();
  const memberCall = useMemberCall();
  // Answers for a member who has since left (logout while a call was in flight) are dropped.
  const currentMember = useRef(memberId);
  currentMember.current = memberId;

  // A ref, not a dependency: the revalidator changes with every revalidation, the loaders below must not.
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  const forgetOnTokenError = useCallback((error: unknown) => {
    if (!(error instanceof ApiError && isTokenCode(error.code))) return;
    setLoaded(NOTHING);
    if (revalidatorRef.current.state === "idle") void revalidatorRef.current.revalidate();
  }, []);

  const refresh = useCallback(async () => {
    const forMember = memberId;
    if (forMember === null) return;
    try {
      const count = await browserApi.call("/api/cart/count");
      if (currentMember.current === forMember) setLoaded((state) => (state.count === count ? state : { ...state, count }));
    } catch (error) {
      forgetOnTokenError(error);
    }
  }, [memberId, forgetOnTokenError]);

  // Header creation and member changes: start empty, then load the count.
  useEffect(() => {
    setLoaded(NOTHING);
    void refresh();
  }, [refresh]);

  // The mini-cart follows the count.
  useEffect(() => {
    const forMember = memberId;
    if (forMember === null || loaded.count === null) return;
    if (loaded.count === 0) return void setLoaded((state) => (state.lines.length ? { ...state, lines: [] } : state));
    browserApi
      .call("/api/cart/goodslists")
      .then((lines) => {
        if (currentMember.current === forMember) setLoaded((state) => ({ ...state, lines }));
      })
      .catch(forgetOnTokenError);
  }, [memberId, loaded.count, forgetOnTokenError]);

  const remove = useCallback(
    async (cartId: number) => {
      // A delete is a forceLogin call (SPEC §6): a token error sends the shopper to login.
      const deleted = await memberCall("/api/cart/delete", { cart_id: String(cartId) });
      if (deleted !== undefined) setLoaded((state) => ({ ...state, lines: state.lines.filter((line) => line.cart_id !== cartId) }));
      await refresh();
    },
    [memberCall, refresh],
  );

  const value = useMemo<CartState>(() => {
    if (memberId === null) return EMPTY_CART;
    const items = loaded.lines.filter((line) => !isInvalidLine(line));
    return { items, count: loaded.count ?? 0, total: sumLines(items), loaded: loaded.count !== null, remove, refresh };
  }, [memberId, loaded, remove, refresh]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  return useContext(CartContext);
}
