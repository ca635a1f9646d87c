import { Type, type Static } from '../schema';

/**
 * Whether an address the console's menu does not hold is a page at all: "forbidden" when some menu
 * item has it but the caller's roles do not grant it (the 403 page), "missing" when no menu item has
 * it (the 404 page), "granted" when the caller may open it after all (a menu changed since sign-in).
 * Only the one status is told, never whose menu holds the address.
 */
export const RouteStatusBody = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 500 }),
});
export type RouteStatusBody = Static<typeof RouteStatusBody>;

export const ROUTE_STATUSES = ['granted', 'forbidden', 'missing'] as const;
export type RouteStatus = (typeof ROUTE_STATUSES)[number];

export const RouteStatusData = Type.Object({
  status: Type.Union(ROUTE_STATUSES.map((s) => Type.Literal(s))),
});
export type RouteStatusData = Static<typeof RouteStatusData>;
