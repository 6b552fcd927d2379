import type { Asset } from '@/api/assets';

/** The terminal's centre chart for `asset` (contract; built by the chart work). */
export function ChartPanel(_props: { asset: Asset }) {
  return null;
}
