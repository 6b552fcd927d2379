import { afterEach, describe, expect, it } from 'vitest';
import { type KeyLike, SHORTCUTS, shortcutFor } from './shortcuts';

function press(key: string, target: EventTarget | null = document.body, extra: Partial<KeyLike> = {}) {
  return shortcutFor({ key, ctrlKey: false, metaKey: false, altKey: false, target, ...extra });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('terminal shortcuts', () => {
  it('maps B, S, C, 1–6, W and ? to their actions, either case', () => {
    expect(press('b')).toEqual({ type: 'buy' });
    expect(press('B')).toEqual({ type: 'buy' });
    expect(press('s')).toEqual({ type: 'sell' });
    expect(press('c')).toEqual({ type: 'close' });
    expect(press('1')).toEqual({ type: 'panel', panel: 'trade-room' });
    expect(press('2')).toEqual({ type: 'panel', panel: 'market-watch' });
    expect(press('6')).toEqual({ type: 'panel', panel: 'market-news' });
    expect(press('7')).toBeNull();
    expect(press('w')).toEqual({ type: 'watchList' });
    expect(press('?')).toEqual({ type: 'help' });
    expect(press('x')).toBeNull();
  });

  it('leaves browser and screen-reader combinations alone', () => {
    expect(press('b', document.body, { ctrlKey: true })).toBeNull();
    expect(press('s', document.body, { metaKey: true })).toBeNull();
    expect(press('1', document.body, { altKey: true })).toBeNull();
    expect(press('b', document.body, { repeat: true })).toBeNull();
    expect(press('b', document.body, { defaultPrevented: true })).toBeNull();
  });

  it('does nothing while the reader types in a field', () => {
    document.body.innerHTML = `
      <input id="search" type="search" />
      <input id="volume" type="number" />
      <textarea id="note"></textarea>
      <select id="pick"><option>a</option></select>
      <div id="editor" contenteditable="true"></div>
      <input id="box" type="checkbox" />
      <button id="button" type="button">ok</button>`;
    const el = (id: string) => document.getElementById(id);
    for (const id of ['search', 'volume', 'note', 'pick']) expect(press('b', el(id))).toBeNull();
    expect(press('b', el('box'))).toEqual({ type: 'buy' });
    expect(press('b', el('button'))).toEqual({ type: 'buy' });
  });

  it('does nothing inside an open dialog or menu', () => {
    document.body.innerHTML = `
      <div role="dialog"><button id="in-dialog">x</button></div>
      <div role="menu"><div role="menuitem" id="in-menu">y</div></div>`;
    expect(press('s', document.getElementById('in-dialog'))).toBeNull();
    expect(press('s', document.getElementById('in-menu'))).toBeNull();
  });

  it('has one table for the handler and the help: every key is listed once', () => {
    const keys = SHORTCUTS.flatMap((s) => s.keys.map((k) => k.toLowerCase()));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(press(key)).not.toBeNull();
  });
});
