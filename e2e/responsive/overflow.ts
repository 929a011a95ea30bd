import { expect, type Page } from "@playwright/test";
import { settle } from "../a11y/axe";

/** How far the page scrolls sideways, and the elements that stick out past the right edge (for the failure message). */
export async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const wider: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 0.5) continue;
      // Only the outermost offender of a subtree, unless it is clipped by a scroll area of its own.
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o !== "visible" && p.getBoundingClientRect().right <= width + 0.5) {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      const parent = el.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > width + 0.5) continue;
      const id = el.getAttribute("data-testid") ?? el.id;
      const cls = typeof el.className === "string" ? el.className.split(" ").slice(0, 4).join(".") : "";
      wider.push(`${el.tagName.toLowerCase()}${id ? `#${id}` : ""}${cls ? `.${cls}` : ""} → ${Math.round(r.right)}px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, wider: wider.slice(0, 8) };
  });
}

/** The screen as it is now does not scroll sideways (the message names the route, the width and what sticks out). */
export async function expectNoSidewaysScroll(page: Page, route: string) {
  await settle(page);
  const o = await overflowOf(page);
  expect(o.scrollWidth, `${route} at ${o.innerWidth} px is ${o.scrollWidth - o.innerWidth}px wider than the screen: ${o.wider.join("; ")}`).toBeLessThanOrEqual(o.innerWidth);
}
