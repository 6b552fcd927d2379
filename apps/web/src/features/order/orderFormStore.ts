import type { Side } from '@openbroker/domain';
import { create } from 'zustand';

/**
 * Which order form is open (SPEC §4 order form): any BUY/SELL button in the terminal, the chart or
 * the watch list opens it here, and the one `OrderFormHost` mounted by the page renders it.
 * `assetId` null means the active asset.
 */
export interface OrderFormState {
  open: boolean;
  side: Side;
  assetId: number | null;
  openForm: (side: Side, assetId?: number | null) => void;
  /** The form's own BUY/SELL switch. */
  setSide: (side: Side) => void;
  close: () => void;
}

export const useOrderFormStore = create<OrderFormState>()((set) => ({
  open: false,
  side: 'buy',
  assetId: null,
  openForm: (side, assetId = null) => set({ open: true, side, assetId }),
  setSide: (side) => set({ side }),
  close: () => set({ open: false }),
}));
