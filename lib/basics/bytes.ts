// Sizes as the service counts them. Apart from lib/i18n/format.ts, which speaks the user's language:
// node scripts (the simulator, the demo store) count bytes without the extension's i18n.

/** Bytes in a GB as the service counts them (binary). */
export const GIB = 1024 ** 3;
