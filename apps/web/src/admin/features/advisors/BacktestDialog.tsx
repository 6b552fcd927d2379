import type { BacktestSummary } from '@openbroker/domain';
import { useEffect, useRef } from 'react';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { formatWhen } from '../clients/format';
import { EquityCurve } from './EquityCurve';
import { percent, signed } from './format';
import type { AdminAdvisor } from './queries';
import { useRerunBacktest } from './queries';

/** A backtest's figures as a definition list (also used by the catalogue's row summary). */
export function BacktestFigures({ result }: { result: BacktestSummary }) {
  const net = signed(result.net_profit, 'USD');
  const rows: [string, string, string?][] = [
    ['Period', `${formatWhen(result.from)} – ${formatWhen(result.to)}`],
    ['Trades', String(result.trades)],
    ['Win rate', percent(result.win_rate)],
    ['Profit factor', result.profit_factor === null ? 'No losing trade' : result.profit_factor.toFixed(2)],
    ['Max drawdown', percent(result.max_drawdown)],
    ['Net profit', net.text, net.tone],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {rows.map(([term, value, tone]) => (
        <div key={term} className="flex flex-col">
          <dt className="text-muted-foreground text-xs">{term}</dt>
          <dd className={`tabular-nums ${tone ?? ''}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Reruns an advisor's backtest on the platform's own candles as soon as it opens, then shows the
 * figures and the equity curve.
 */
export function BacktestDialog(props: { advisor: AdminAdvisor; onClose: () => void }) {
  const rerun = useRerunBacktest();
  const started = useRef(false);
  const { mutate } = rerun;
  const id = props.advisor.id;
  useEffect(() => {
    // Once per opening, even under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    mutate(id);
  }, [mutate, id]);
  const result = rerun.data;

  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : props.onClose())}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Backtest of {props.advisor.name}</DialogTitle>
          <DialogDescription>
            The same strategy code replayed on the platform's own candles, with its prices, spreads and margin
            rules.
          </DialogDescription>
        </DialogHeader>
        <div aria-live="polite" className="flex min-h-32 flex-col gap-4">
          {rerun.isPending ? (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <Spinner /> Running the backtest…
            </p>
          ) : rerun.isError ? (
            <Alert variant="destructive">
              {apiErrorMessage(rerun.error, 'The backtest could not be run. Try again.')}
            </Alert>
          ) : result ? (
            <>
              <BacktestFigures result={result} />
              <EquityCurve points={result.equity} />
            </>
          ) : rerun.isSuccess ? (
            <p className="text-muted-foreground text-sm">
              There are no candles of this instrument to test on yet.
            </p>
          ) : null}
        </div>
        <DialogFooter>
          {rerun.isError ? (
            <Button variant="outline" onClick={() => mutate(id)}>
              Try again
            </Button>
          ) : null}
          <Button onClick={props.onClose}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
