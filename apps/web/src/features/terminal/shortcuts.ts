import { useEffect, useRef } from 'react';
import { PANEL_IDS, type PanelId } from './panelIds';

/** What a terminal shortcut does. */
export type ShortcutAction =
  | { type: 'buy' }
  | { type: 'sell' }
  | { type: 'close' }
  | { type: 'panel'; panel: PanelId }
  | { type: 'watchList' }
  | { type: 'help' };

/**
 * One row of the shortcut table: the keys as the help dialog shows them, and what they do. Single
 * printable keys only: no browser-reserved combination (Ctrl/⌘/Alt are left to the browser and the
 * screen reader), and none while the reader types in a field.
 */
export interface Shortcut {
  id: string;
  keys: readonly string[];
  action: ShortcutAction;
}

/** The terminal's shortcuts: the handler and the help dialog both read this table. */
export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'buy', keys: ['B'], action: { type: 'buy' } },
  { id: 'sell', keys: ['S'], action: { type: 'sell' } },
  { id: 'close', keys: ['C'], action: { type: 'close' } },
  ...PANEL_IDS.map(
    (panel, index): Shortcut => ({
      id: `panel-${panel}`,
      keys: [String(index + 1)],
      action: { type: 'panel', panel },
    }),
  ),
  { id: 'watchList', keys: ['W'], action: { type: 'watchList' } },
  { id: 'help', keys: ['?'], action: { type: 'help' } },
];

const BY_KEY: ReadonlyMap<string, ShortcutAction> = new Map(
  SHORTCUTS.flatMap((s) => s.keys.map((key) => [key.toLowerCase(), s.action] as const)),
);

/** Whether keys typed now go to a text field (or another control that uses letters). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  if (target.closest('textarea, select, [contenteditable="true"], [role="textbox"], [role="combobox"]'))
    return true;
  if (target instanceof HTMLInputElement) {
    // Every input but buttons and boxes takes text (numbers, search, dates…).
    return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(
      target.type,
    );
  }
  return false;
}

/** The minimum a key event must tell the handler (a DOM KeyboardEvent has it). */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat?: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
}

/**
 * The shortcut a key press means, or null: nothing with Ctrl, ⌘ or Alt held, nothing auto-repeated,
 * nothing typed into a field, nothing inside an open dialog or menu (their keys are their own).
 */
export function shortcutFor(event: KeyLike): ShortcutAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null;
  if (isTypingTarget(event.target)) return null;
  if (
    event.target instanceof Element &&
    event.target.closest(
      '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"][aria-multiselectable="true"]',
    )
  ) {
    return null;
  }
  return BY_KEY.get(event.key.toLowerCase()) ?? null;
}

/** Runs `onAction` for the terminal's shortcuts while mounted. */
export function useTerminalShortcuts(onAction: (action: ShortcutAction) => void): void {
  const latest = useRef(onAction);
  latest.current = onAction;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      latest.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
