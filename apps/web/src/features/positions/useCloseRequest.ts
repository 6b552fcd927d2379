import { useEffect, useMemo, useRef } from 'react';
import { useTradeDialogs } from '@/features/order/tradeDialogsStore';
import { flattenTrades, useTradeList } from '@/features/trading/queries';
import { useSelectedPosition } from './selectedPosition';

/**
 * Opens the close dialog of the selected open position each time a close is requested
 * (`useSelectedPosition.requestClose`, the `C` shortcut). Mount once per page that lists positions;
 * a request made before mounting, with nothing selected or for a position no longer open is ignored.
 */
export function useCloseRequest(): void {
  const closeRequest = useSelectedPosition((s) => s.closeRequest);
  const open = useTradeList('open');
  const trades = useMemo(() => flattenTrades(open.data), [open.data]);
  const seen = useRef(closeRequest);

  useEffect(() => {
    if (closeRequest === seen.current) return;
    seen.current = closeRequest;
    const id = useSelectedPosition.getState().id;
    if (id === null) return;
    const trade = trades.find((t) => t.id === id);
    if (trade) useTradeDialogs.getState().openDialog({ kind: 'close', trade });
  }, [closeRequest, trades]);
}
