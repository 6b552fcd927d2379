import { useRef } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { OrderForm } from './OrderForm';
import { useOrderFormStore } from './orderFormStore';
import { SheetDialogContent } from './SheetDialogContent';
import { useTradableAsset } from './useOrderContext';

/**
 * Renders the order form opened through `useOrderFormStore` (SPEC §4). Mount once per page; the
 * form's state starts afresh each time it opens, because the dialog unmounts its content on close.
 */
export function OrderFormHost() {
  const open = useOrderFormStore((s) => s.open);
  const side = useOrderFormStore((s) => s.side);
  const assetId = useOrderFormStore((s) => s.assetId);
  const asset = useTradableAsset(assetId);
  const volumeRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : useOrderFormStore.getState().close())}>
      <SheetDialogContent
        data-testid="order-form"
        // Start on the volume box, never on the SELL/BUY switch: a reflex Space there would flip the side.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          const volume = volumeRef.current;
          if (volume && !volume.disabled) volume.focus();
          else if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
        }}
      >
        {open ? (
          <OrderForm
            asset={asset}
            side={side}
            volumeRef={volumeRef}
            onSideChange={(next) => useOrderFormStore.getState().setSide(next)}
            onDone={() => useOrderFormStore.getState().close()}
          />
        ) : null}
      </SheetDialogContent>
    </Dialog>
  );
}
