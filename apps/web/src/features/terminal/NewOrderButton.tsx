import * as PopoverPrimitive from '@radix-ui/react-popover';
import { ArrowLeftRight, Calculator, ChevronDown, Clock3, Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { InstrumentIcon } from '@/features/market/InstrumentIcon';
import { useActiveAsset } from '@/features/market/useAssets';
import { useOrderFormStore } from '@/features/order/orderFormStore';
import { useTradeDialogs } from '@/features/order/tradeDialogsStore';
import { cn } from '@/lib/utils';
import { TradeButtons } from './TradeButtons';

/**
 * "New Order" (SPEC §2 top bar): the button opens the order form for the active asset; the arrow
 * beside it opens a popover with the asset's live SELL/BUY and the other order tools.
 */
export function NewOrderButton({ className }: { className?: string }) {
  const { t } = useTranslation('terminal');
  const asset = useActiveAsset();
  const openForm = useOrderFormStore((s) => s.openForm);
  const openDialog = useTradeDialogs((s) => s.openDialog);
  const [open, setOpen] = useState(false);
  const disabled = asset === null;

  const run = (action: () => void) => {
    setOpen(false);
    action();
  };

  return (
    <div className={cn('flex shrink-0 items-center', className)}>
      <Button
        size="sm"
        disabled={disabled}
        onClick={() => openForm('buy', asset?.id ?? null)}
        aria-label={t('newOrder.button')}
        className="rounded-e-none px-2 sm:px-3"
      >
        <ArrowLeftRight aria-hidden="true" />
        <span className="hidden sm:inline">{t('newOrder.button')}</span>
      </Button>
      <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
        <PopoverPrimitive.Trigger asChild>
          <Button
            size="sm"
            disabled={disabled}
            aria-label={t('newOrder.more')}
            className="rounded-s-none border-s border-primary-foreground/20 px-1.5"
          >
            <ChevronDown aria-hidden="true" />
          </Button>
        </PopoverPrimitive.Trigger>
        <PopoverPrimitive.Portal>
          <PopoverPrimitive.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            data-testid="new-order-popover"
            className="z-50 w-72 rounded-lg border bg-popover p-3 text-popover-foreground shadow-xl"
          >
            {asset ? (
              <>
                <div className="mb-2 flex items-center gap-2">
                  <InstrumentIcon instrument={asset} size={20} />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{asset.sy}</p>
                    <p className="truncate text-xs text-muted-foreground">{asset.name}</p>
                  </div>
                </div>
                <TradeButtons asset={asset} size="compact" onOpened={() => setOpen(false)} />
                <div className="mt-2 grid gap-0.5">
                  <PopoverItem
                    icon={Clock3}
                    label={t('newOrder.pending')}
                    onClick={() => run(() => openDialog({ kind: 'pending', assetId: asset.id }))}
                  />
                  <PopoverItem
                    icon={Calculator}
                    label={t('newOrder.calculator')}
                    onClick={() => run(() => openDialog({ kind: 'calculator', assetId: asset.id }))}
                  />
                  <PopoverItem
                    icon={Info}
                    label={t('newOrder.info')}
                    onClick={() => run(() => openDialog({ kind: 'info', assetId: asset.id }))}
                  />
                </div>
              </>
            ) : null}
          </PopoverPrimitive.Content>
        </PopoverPrimitive.Portal>
      </PopoverPrimitive.Root>
    </div>
  );
}

function PopoverItem({
  icon: Icon,
  label,
  onClick,
}: {
  icon: typeof Info;
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex items-center gap-2 rounded px-2 py-1.5 text-start text-xs text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:bg-accent focus-visible:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </button>
  );
}
