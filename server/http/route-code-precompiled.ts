/**
 * Run from the sources, nothing is precompiled: every route compiles its functions at its first
 * request. The server's build replaces this module with the generated one (scripts/route-code.ts).
 */
export const PRECOMPILED: Readonly<Record<string, () => unknown>> = {};
