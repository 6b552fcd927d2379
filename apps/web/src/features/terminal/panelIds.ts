/** SPEC §2 left rail panels, in SPEC's order (the rail, the shortcuts 1–6 and their help read it). */
export const PANEL_IDS = [
  'trade-room',
  'market-watch',
  'active-orders',
  'trading-history',
  'calendar',
  'market-news',
] as const;

export type PanelId = (typeof PANEL_IDS)[number];
