import type { Locator } from 'playwright-core';

/**
 * What of an element the eye can see: its box, and the part of the viewport its scroll
 * containers leave visible, for the console's browser tests.
 */

export type Box = { x: number; y: number; width: number; height: number };

/** The part of `element` that its scroll containers and the viewport let the eye see. */
export async function visibleBox(element: Locator): Promise<{ box: Box; seen: Box }> {
  return element.evaluate((node) => {
    const view = node.ownerDocument.defaultView;
    const rect = node.getBoundingClientRect();
    let top = 0;
    let left = 0;
    let bottom = view.innerHeight;
    let right = view.innerWidth;
    for (let up = node.parentElement; up; up = up.parentElement) {
      const style = view.getComputedStyle(up);
      if (!/(auto|scroll|hidden|clip)/.test(style.overflowY + style.overflowX)) continue;
      const clip = up.getBoundingClientRect();
      top = Math.max(top, clip.top);
      left = Math.max(left, clip.left);
      bottom = Math.min(bottom, clip.bottom);
      right = Math.min(right, clip.right);
    }
    const box = { x: rect.left, y: rect.top, width: rect.width, height: rect.height };
    return { box, seen: { x: left, y: top, width: right - left, height: bottom - top } };
  });
}

/** Whether all of `box` lies inside `seen` (half a pixel of rounding allowed). */
export function inside(box: Box, seen: Box): boolean {
  return (
    box.y >= seen.y - 0.5 &&
    box.x >= seen.x - 0.5 &&
    box.y + box.height <= seen.y + seen.height + 0.5 &&
    box.x + box.width <= seen.x + seen.width + 0.5
  );
}
