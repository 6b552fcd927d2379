import {
  Bot,
  ChevronDown,
  ChevronRight,
  CirclePause,
  CirclePlay,
  Folder,
  FolderOpen,
  Lock,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { cn } from '@/lib/utils';
import { useSessionStore } from '@/stores/sessionStore';
import { type ExpertAdvisor, isAdvisorAvailable, useExpertAdvisors } from './expertAdvisors';
import { EmptyState, ErrorState, LoadingState } from './PanelStates';

export const ALGO_MESSAGES = {
  loading: 'Loading Expert Advisors...',
  failed: 'Failed to load Expert Advisors',
  empty: 'No Expert Advisors available',
  /** SPEC §6. */
  unavailable: 'This Expert Advisor is not available for your plan. Please upgrade to access it.',
  /** SPEC §4 Expert Advisor panel. */
  started: 'Expert Advisor started',
  stopped: 'Expert Advisor stopped',
} as const;

function AdvisorNode({
  advisor,
  available,
  running,
  onToggle,
}: {
  advisor: ExpertAdvisor;
  available: boolean;
  running: boolean;
  onToggle: () => void;
}) {
  const onClick = () => {
    if (!available) {
      toast.error(ALGO_MESSAGES.unavailable);
      return;
    }
    onToggle();
  };
  return (
    <li>
      <button
        type="button"
        onClick={onClick}
        aria-disabled={!available || undefined}
        title={advisor.description ?? advisor.name}
        className={cn(
          'flex w-full items-center gap-2 rounded py-1 pr-2 pl-9 text-left text-xs transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
          !available && 'opacity-50',
        )}
      >
        <Bot aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1 truncate">{advisor.name}</span>
        {available ? (
          <span
            className={cn(
              'flex items-center gap-1 text-[10px]',
              running ? 'text-buy' : 'text-muted-foreground',
            )}
          >
            {running ? (
              <CirclePlay aria-hidden="true" className="size-3" />
            ) : (
              <CirclePause aria-hidden="true" className="size-3" />
            )}
            {running ? 'Running' : 'Stopped'}
          </span>
        ) : (
          <Lock aria-label="Not on your plan" className="size-3 text-muted-foreground" />
        )}
      </button>
    </li>
  );
}

/**
 * The Algo Trader tree (SPEC §2 right sidebar): Expert Advisors from the shared data, gated by the
 * user's `eas` list (SPEC §6). An allowed advisor toggles Running/Stopped on click (client-side,
 * SPEC §4); any other is dimmed and says why.
 */
export function AlgoTrader() {
  const query = useExpertAdvisors();
  const eas = useSessionStore((s) => s.user?.eas);
  const [expanded, setExpanded] = useState(true);
  // SPEC §4: Running by default; only the stopped ones are remembered.
  const [stopped, setStopped] = useState<ReadonlySet<number>>(() => new Set());
  const advisors = query.data ?? [];

  const toggle = (id: number) => {
    const wasRunning = !stopped.has(id);
    setStopped((prev) => {
      const next = new Set(prev);
      if (wasRunning) next.add(id);
      else next.delete(id);
      return next;
    });
    toast.info(wasRunning ? ALGO_MESSAGES.stopped : ALGO_MESSAGES.started);
  };

  const FolderIcon = expanded ? FolderOpen : Folder;
  const Chevron = expanded ? ChevronDown : ChevronRight;

  return (
    <section aria-label="Algo Trader" data-testid="algo-trader" className="flex min-h-0 flex-1 flex-col">
      <h2 className="flex h-8 shrink-0 items-center gap-2 border-y bg-muted/40 px-3 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">
        <Bot aria-hidden="true" className="size-3.5" />
        Algo Trader
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto p-1">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls="algo-trader-advisors"
          onClick={() => setExpanded((e) => !e)}
          className="flex w-full items-center gap-1.5 rounded px-2 py-1 text-left text-xs hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
        >
          <Chevron aria-hidden="true" className="size-3.5 text-muted-foreground" />
          <FolderIcon aria-hidden="true" className="size-3.5 text-warning" />
          <span className="flex-1">Expert Advisors</span>
          {query.isSuccess ? (
            <span className="text-[10px] text-muted-foreground tabular-nums">{advisors.length}</span>
          ) : null}
        </button>
        {expanded ? (
          <div id="algo-trader-advisors">
            {query.isPending ? (
              <LoadingState label={ALGO_MESSAGES.loading} className="py-4" />
            ) : query.isError ? (
              <ErrorState
                title={ALGO_MESSAGES.failed}
                onRetry={() => void query.refetch()}
                className="py-4"
              />
            ) : advisors.length === 0 ? (
              <EmptyState message={ALGO_MESSAGES.empty} className="py-4 text-xs" />
            ) : (
              <ul>
                {advisors.map((advisor) => (
                  <AdvisorNode
                    key={advisor.id}
                    advisor={advisor}
                    available={isAdvisorAvailable(advisor, eas)}
                    running={!stopped.has(advisor.id)}
                    onToggle={() => toggle(advisor.id)}
                  />
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}
