import { Dialog } from '@/components/ui/Dialog';
import { AssetInfoDialog } from './AssetInfoDialog';
import { CloseDialog } from './CloseDialog';
import { useOrderFormStore } from './orderFormStore';
import { PendingOrderDialog } from './PendingOrderDialog';
import { ProfitCalculatorDialog } from './ProfitCalculatorDialog';
import { TpSlDialog } from './TpSlDialog';
import { type TradeDialog, useTradeDialogs } from './tradeDialogsStore';

/**
 * Renders the dialog opened through `useTradeDialogs` (SPEC §2 terminal dialogs): TP & SL, close
 * confirmation, pending order, profit calculator, asset information. Mount once per page.
 */
export function TradeDialogsHost() {
  const dialog = useTradeDialogs((s) => s.dialog);
  const close = () => useTradeDialogs.getState().closeDialog();
  return (
    <Dialog open={dialog !== null} onOpenChange={(open) => (open ? null : close())}>
      {dialog ? <DialogFor dialog={dialog} onClose={close} /> : null}
    </Dialog>
  );
}

function DialogFor({ dialog, onClose }: { dialog: TradeDialog; onClose: () => void }) {
  switch (dialog.kind) {
    case 'tpsl':
      return <TpSlDialog key={dialog.trade.id} trade={dialog.trade} onClose={onClose} />;
    case 'close':
      return <CloseDialog key={dialog.trade.id} trade={dialog.trade} onClose={onClose} />;
    case 'pending':
      return (
        <PendingOrderDialog key={dialog.assetId ?? 'active'} assetId={dialog.assetId} onClose={onClose} />
      );
    case 'calculator':
      return <ProfitCalculatorDialog key={dialog.assetId ?? 'active'} assetId={dialog.assetId} />;
    case 'info':
      return (
        <AssetInfoDialog
          key={dialog.assetId}
          assetId={dialog.assetId}
          onTradeNow={(assetId) => {
            onClose();
            useOrderFormStore.getState().openForm('buy', assetId);
          }}
        />
      );
  }
}
