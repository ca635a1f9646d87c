import { createContext, useCallback, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction, type NavigateOptions, type To } from 'react-router-dom';

const ShellNavigateContext = createContext<NavigateFunction | null>(null);

/**
 * Navigation for the console frame's own parts (menus, header tools), one function for the frame's
 * whole life. react-router's useNavigate reads the route's context, so every part that calls it
 * is drawn again at each navigation: the menus and the header tools, in the very render that draws
 * the page opened.
 */
export function ShellNavigateProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  });
  const stable = useCallback(
    (to: To | number, options?: NavigateOptions) => (typeof to === 'number' ? latest.current(to) : latest.current(to, options)),
    [],
  ) as NavigateFunction;
  return <ShellNavigateContext value={stable}>{children}</ShellNavigateContext>;
}

export function useShellNavigate(): NavigateFunction {
  const navigate = useContext(ShellNavigateContext);
  if (!navigate) throw new Error('useShellNavigate is used outside the console frame (ShellNavigateProvider)');
  return navigate;
}
