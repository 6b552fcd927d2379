import type { Trade } from '@openbroker/domain';
import { create } from 'zustand';

/**
 * The terminal's dialogs (SPEC §2/§4): TP & SL and close confirmation on a position, pending order,
 * profit calculator and asset information on an instrument. Rows and buttons anywhere open one
 * here; the one `TradeDialogsHost` mounted by the page renders it.
 */
export type TradeDialog =
  | { kind: 'tpsl'; trade: Trade }
  | { kind: 'close'; trade: Trade }
  | { kind: 'pending'; assetId: number | null }
  | { kind: 'calculator'; assetId: number | null }
  | { kind: 'info'; assetId: number };

export interface TradeDialogsState {
  dialog: TradeDialog | null;
  openDialog: (dialog: TradeDialog) => void;
  closeDialog: () => void;
}

export const useTradeDialogs = create<TradeDialogsState>()((set) => ({
  dialog: null,
  openDialog: (dialog) => set({ dialog }),
  closeDialog: () => set({ dialog: null }),
}));
