import { Bot } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { cn } from '@/lib/utils';
import { useSessionStore } from '@/stores/sessionStore';
import { AutoTraderActive } from './AutoTraderActive';
import { AutoTraderForm } from './AutoTraderForm';

/**
 * SPEC §2/§4 AutoTrader dialog: the request form, or the read-only 'Auto Trader Active' view once
 * the user's `autotrader` flag is on. Its content mounts afresh on each opening, so the form starts
 * at medium with Accept unticked every time.
 */
export function AutoTraderDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const active = useSessionStore((s) => s.user?.autotrader ?? false);
  const close = () => onOpenChange(false);
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={content}
        className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
        data-testid="autotrader-dialog"
        // Start on a safe control (Cancel, the decision log), never on a level, Accept or Stop.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          const root = content.current;
          (root?.querySelector<HTMLElement>('[data-autofocus]') ?? root)?.focus();
        }}
      >
        {active ? <AutoTraderActive onDone={close} /> : <AutoTraderForm onDone={close} />}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The main header's AutoTrader entry (SPEC §2 "Main-app header"): opens the dialog; a dot marks an
 * active AutoTrader. `compact` shows the icon alone (narrow headers).
 */
export function AutoTraderButton({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const active = useSessionStore((s) => s.user?.autotrader ?? false);
  return (
    <>
      <Button
        variant={compact ? 'ghost' : 'outline'}
        size="sm"
        aria-label={active ? t('autotrader.nameActive') : t('autotrader.name')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={cn('relative', compact && 'px-2', className)}
      >
        <Bot aria-hidden="true" />
        <span className={cn(compact ? 'sr-only' : 'hidden lg:inline')}>{t('autotrader.name')}</span>
        {active ? (
          <span
            aria-hidden="true"
            data-testid="autotrader-active-dot"
            className="absolute top-1 end-1 size-1.5 rounded-full bg-buy"
          />
        ) : null}
      </Button>
      <AutoTraderDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
