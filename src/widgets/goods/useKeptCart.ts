/**
 * 收银台's cart kept in the tab's sessionStorage (per user), so leaving the page and opening it
 * again in the tab finds it as it was; the browser asks before the tab closes or goes elsewhere with
 * goods in it. The checkout id stays the same until a sale is made with it, so a retried 结账 is
 * the same checkout to the server.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { EMPTY_CART, parseCart, type Cart } from './cashier-cart';

const newCheckoutId = () => crypto.randomUUID();

export function useKeptCart(userId: number) {
  const key = `cashier-cart:${userId}`;
  const [cart, setCart] = useState<Cart>(() => parseCart(sessionStorage.getItem(key)));
  const checkoutId = useRef(newCheckoutId());

  useEffect(() => {
    if (cart.lines.length === 0 && cart.discount.kind === 'none') sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(cart));
  }, [cart, key]);

  useEffect(() => {
    if (cart.lines.length === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [cart.lines.length]);

  /** After a sale: an empty cart (the payment kept for the next customer) and a new checkout id. */
  const sold = useCallback(() => {
    checkoutId.current = newCheckoutId();
    setCart((current) => ({ ...EMPTY_CART, payment: current.payment }));
  }, []);

  return { cart, setCart, checkoutId, sold };
}
