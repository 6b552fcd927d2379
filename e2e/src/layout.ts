import type { Page } from 'playwright-core';

/**
 * Controls that a layout broke: cut by the viewport's edge (in a page that does not scroll
 * sideways) or overlapping another control. Used in the right-to-left pseudo-locale, where a layout
 * written with left/right instead of start/end shows it. A control inside a scroller that scrolls
 * sideways (a tab strip, a wide table) may run past the edge: it can be scrolled to.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    }
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
    type Box = { left: number; right: number; top: number; bottom: number };
    const intersect = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      right: Math.min(a.right, b.right),
      top: Math.max(a.top, b.top),
      bottom: Math.min(a.bottom, b.bottom),
    });
    // What of a control can be seen: its box clipped by every ancestor that clips (a scroller, a
    // panel with overflow hidden). A row scrolled out of its list is not on screen at all.
    const visible = (el: Element): { box: Box; clipped: boolean } => {
      let box: Box = el.getBoundingClientRect();
      let clipped = false;
      for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          clipped = true;
          box = intersect(box, at.getBoundingClientRect());
        }
      }
      return { box, clipped };
    };
    const area = (b: Box) => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);
    const contains = (a: Box, b: Box) =>
      a.left <= b.left + 1 && a.right >= b.right - 1 && a.top <= b.top + 1 && a.bottom >= b.bottom - 1;
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="tab"]'),
    ).filter((el) => {
      const style = getComputedStyle(el);
      return (
        style.visibility !== 'hidden' &&
        style.opacity !== '0' &&
        !el.closest('[aria-hidden="true"], .sr-only') &&
        el.getClientRects().length > 0
      );
    });
    const boxes = controls
      .map((el) => ({ el, raw: el.getBoundingClientRect(), ...visible(el) }))
      .filter((b) => area(b.box) > 4);
    for (const { el, raw, clipped } of boxes) {
      if (!clipped && (raw.left < -1 || raw.right > width + 1)) {
        problems.push(
          `${name(el)} cut by the edge (${Math.round(raw.left)}–${Math.round(raw.right)} of ${width})`,
        );
      }
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (!a || !b || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        // A control drawn inside another on purpose (a field's show-password or clear button).
        if (contains(a.box, b.box) || contains(b.box, a.box)) continue;
        if (area(intersect(a.box, b.box)) > 4) problems.push(`${name(a.el)} overlaps ${name(b.el)}`);
      }
    }
    return problems;
  });
}
