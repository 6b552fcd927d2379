import type { AdvisorRunDto } from '@openbroker/domain';
import {
  Bot,
  ChevronDown,
  ChevronRight,
  CirclePause,
  CirclePlay,
  Folder,
  FolderOpen,
  Lock,
  ScrollText,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { Spinner } from '@/components/ui/Spinner';
import { runOfAdvisor, useAdvisorRuns, useToggleAdvisor } from '@/features/autotrader/advisorRuns';
import { RunDecisionsDialog } from '@/features/autotrader/RunDecisionsDialog';
import { stopReasonText } from '@/features/autotrader/runText';
import { Money } from '@/features/money/Money';
import { i18n } from '@/i18n/i18n';
import { cn } from '@/lib/utils';
import { useSessionStore } from '@/stores/sessionStore';
import { type ExpertAdvisor, isAdvisorAvailable, useExpertAdvisors } from './expertAdvisors';
import { EmptyState, ErrorState, LoadingState } from './PanelStates';

/** SPEC §4/§6 Expert Advisor messages, in the reader's language when read (`terminal:algo.*`). */
const algoText = (key: 'unavailable' | 'started' | 'stopped' | 'startFailed' | 'stopFailed'): string =>
  i18n.t(`terminal:algo.${key}`);

interface NodeProps {
  advisor: ExpertAdvisor;
  available: boolean;
  /** Its run (running, else latest); undefined when it never ran or the runs are not known yet. */
  run: AdvisorRunDto | undefined;
  /** Whether the customer's runs have loaded: the toggle must know which way it goes. */
  runsKnown: boolean;
  onShowLog: (run: AdvisorRunDto) => void;
}

/** "2 open · P/L today +$12.30", and why a run stopped when it was not the customer. */
function RunFigures({ run }: { run: AdvisorRunDto }) {
  const { t } = useTranslation('terminal');
  const reason =
    run.status === 'stopped' && run.stop_reason && run.stop_reason !== 'user' ? run.stop_reason : null;
  return (
    <div className="flex flex-col ps-9 pe-2 pb-1 text-xs leading-tight text-muted-foreground">
      <span data-testid="advisor-figures" className="tabular-nums">
        {t('algo.openToday', { count: run.open_positions })}{' '}
        <Money amount={run.pnl_today} currency={run.currency} pnl />
      </span>
      {reason ? <span className="text-warning">{stopReasonText(reason)}</span> : null}
    </div>
  );
}

function AdvisorNode({ advisor, available, run, runsKnown, onShowLog }: NodeProps) {
  const { t } = useTranslation('terminal');
  const toggle = useToggleAdvisor();
  const running = run?.status === 'running';
  const busy = toggle.isPending;

  const onClick = () => {
    if (!available) {
      toast.error(algoText('unavailable'));
      return;
    }
    if (!runsKnown || busy) return;
    const start = !running;
    toggle.mutate(
      { advisorId: advisor.id, run: start },
      {
        // SPEC §4 wording, shown once the server has confirmed the real run started or stopped.
        onSuccess: () => toast.info(algoText(start ? 'started' : 'stopped')),
        onError: (error) =>
          toast.error(apiErrorMessage(error, algoText(start ? 'startFailed' : 'stopFailed'))),
      },
    );
  };

  const state = !runsKnown ? null : running ? t('algo.running') : t('algo.stoppedState');
  return (
    <li data-testid="advisor-node">
      <div className="flex items-center">
        <button
          type="button"
          onClick={onClick}
          aria-disabled={!available || !runsKnown || busy || undefined}
          aria-pressed={available && runsKnown ? running : undefined}
          aria-busy={busy || undefined}
          title={advisor.description ?? advisor.name}
          className={cn(
            'flex min-w-0 flex-1 items-center gap-2 rounded py-1 ps-9 pe-2 text-start text-xs transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
            !available && 'text-muted-foreground',
          )}
        >
          <Bot aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1 truncate">{advisor.name}</span>
          {!available ? (
            <Lock
              role="img"
              aria-label={t('algo.notOnPlan')}
              className="size-3 shrink-0 text-muted-foreground"
            />
          ) : busy ? (
            <Spinner aria-label={running ? t('algo.stopping') : t('algo.starting')} className="size-3" />
          ) : state ? (
            <span
              className={cn(
                'flex shrink-0 items-center gap-1 text-xs',
                running ? 'text-buy' : 'text-muted-foreground',
              )}
            >
              {running ? (
                <CirclePlay aria-hidden="true" className="size-3" />
              ) : (
                <CirclePause aria-hidden="true" className="size-3" />
              )}
              {state}
            </span>
          ) : null}
        </button>
        {run ? (
          <button
            type="button"
            aria-label={t('algo.logOf', { name: advisor.name })}
            title={t('algo.log')}
            onClick={() => onShowLog(run)}
            className="me-1 flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ScrollText aria-hidden="true" className="size-3.5" />
          </button>
        ) : null}
      </div>
      {run && available ? <RunFigures run={run} /> : null}
    </li>
  );
}

/**
 * The Algo Trader tree (SPEC §2 right sidebar): Expert Advisors from the shared data, gated by the
 * user's `eas` list (SPEC §6). Unlike SPEC §4's client-side label (Running by default), each node
 * shows its REAL run (GET /advisor_runs): Running or Stopped, open positions and P/L today; a click
 * starts or stops that run on the server, and SPEC's message follows the server's answer.
 */
export function AlgoTrader() {
  const { t } = useTranslation('terminal');
  const query = useExpertAdvisors();
  const runs = useAdvisorRuns();
  const eas = useSessionStore((s) => s.user?.eas);
  const [expanded, setExpanded] = useState(true);
  const [logOf, setLogOf] = useState<AdvisorRunDto | null>(null);
  const advisors = query.data ?? [];
  const runList = runs.data ?? [];

  const FolderIcon = expanded ? FolderOpen : Folder;
  const Chevron = expanded ? ChevronDown : ChevronRight;

  return (
    <section
      aria-labelledby="algo-trader-title"
      data-testid="algo-trader"
      className="flex min-h-0 flex-1 flex-col"
    >
      <h2
        id="algo-trader-title"
        className="flex h-8 shrink-0 items-center gap-2 border-y bg-muted/40 px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase"
      >
        <Bot aria-hidden="true" className="size-3.5" />
        {t('algo.title')}
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto p-1">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls="algo-trader-advisors"
          onClick={() => setExpanded((e) => !e)}
          className="flex w-full items-center gap-1.5 rounded px-2 py-1 text-start text-xs hover:bg-accent focus-visible:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
        >
          <Chevron
            aria-hidden="true"
            className={cn('size-3.5 text-muted-foreground', !expanded && 'rtl:rotate-180')}
          />
          <FolderIcon aria-hidden="true" className="size-3.5 text-warning" />
          <span className="flex-1">{t('algo.folder')}</span>
          {query.isSuccess ? (
            <span className="text-xs text-muted-foreground tabular-nums">{advisors.length}</span>
          ) : null}
        </button>
        {expanded ? (
          <div id="algo-trader-advisors">
            {query.isPending ? (
              <LoadingState label={t('algo.loading')} className="py-4" />
            ) : query.isError ? (
              <ErrorState title={t('algo.failed')} onRetry={() => void query.refetch()} className="py-4" />
            ) : advisors.length === 0 ? (
              <EmptyState message={t('algo.empty')} className="py-4 text-xs" />
            ) : (
              <>
                {runs.isError && runs.data === undefined ? (
                  <ErrorState
                    title={t('algo.runsFailed')}
                    onRetry={() => void runs.refetch()}
                    className="py-2"
                  />
                ) : null}
                <ul>
                  {advisors.map((advisor) => (
                    <AdvisorNode
                      key={advisor.id}
                      advisor={advisor}
                      available={isAdvisorAvailable(advisor, eas)}
                      run={runOfAdvisor(runList, advisor.id)}
                      runsKnown={runs.data !== undefined}
                      onShowLog={setLogOf}
                    />
                  ))}
                </ul>
              </>
            )}
          </div>
        ) : null}
      </div>
      <RunDecisionsDialog run={logOf} onClose={() => setLogOf(null)} />
    </section>
  );
}
