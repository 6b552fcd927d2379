import type { Trade } from '@openbroker/domain';
import { formatFixed } from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';

export type PositionLineKind = 'entry' | 'tp' | 'sl';

/** One horizontal line an open position puts on its instrument's chart. */
export interface PositionLine {
  key: string;
  kind: PositionLineKind;
  price: number;
  /** The label on the pane ('BUY 0.10 #12', 'TP #12', 'SL #12'). */
  title: string;
}

/** Colours of the lines, matching the app's buy/sell palette (index.css). */
export const LINE_COLORS: Record<PositionLineKind, string> = {
  entry: '#4c8dff',
  tp: '#1fb978',
  sl: '#ef4f4f',
};

/**
 * The entry, take-profit and stop-loss lines of the open positions on `assetId` (levels of 0 are
 * unset and draw nothing).
 */
export function positionLines(trades: readonly Trade[], assetId: number): PositionLine[] {
  const lines: PositionLine[] = [];
  for (const t of trades) {
    if (t.asset_id !== assetId || t.status !== 'open') continue;
    const ref = `#${t.id}`;
    if (t.opening_price !== null && t.opening_price > 0) {
      lines.push({
        key: `${t.id}:entry`,
        kind: 'entry',
        price: t.opening_price,
        title: i18n.t('terminal:chart.entryLine', {
          side: i18n.t(t.trade_type === 'buy' ? 'terminal:chart.buy' : 'terminal:chart.sell'),
          volume: formatFixed(t.volume, 2),
          ref,
        }),
      });
    }
    if (t.take_profit > 0) {
      const title = i18n.t('terminal:chart.takeProfitLine', { ref });
      lines.push({ key: `${t.id}:tp`, kind: 'tp', price: t.take_profit, title });
    }
    if (t.stop_loss > 0) {
      const title = i18n.t('terminal:chart.stopLossLine', { ref });
      lines.push({ key: `${t.id}:sl`, kind: 'sl', price: t.stop_loss, title });
    }
  }
  return lines;
}
