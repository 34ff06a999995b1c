// The toolbar badge's colour as the browser reports it, for a test that reads the badge.

/** A `#rrggbb` colour as `action.getBadgeBackgroundColor` answers it: [r, g, b, 255]. */
export function badgeRgba(hex: string) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
}
