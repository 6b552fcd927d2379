import type { Trade } from '@openbroker/domain';
import { create } from 'zustand';

/**
 * The position picked in the positions list (issue 18 keyboard use): a row is selected by a click
 * or Enter/Space, and `requestClose` (the terminal's `C` shortcut) asks for the close dialog of the
 * selected position. `closeRequest` only counts requests: the list that shows the position opens
 * the dialog when it changes, so a request with nothing selected does nothing.
 */
export interface SelectedPositionState {
  id: Trade['id'] | null;
  closeRequest: number;
  select: (id: Trade['id'] | null) => void;
  requestClose: () => void;
}

export const useSelectedPosition = create<SelectedPositionState>()((set) => ({
  id: null,
  closeRequest: 0,
  select: (id) => set({ id }),
  requestClose: () => set((s) => ({ closeRequest: s.closeRequest + 1 })),
}));
