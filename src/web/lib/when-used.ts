// Work that waits for someone to use the page (docs/performance.md "Initial JavaScript"): run once,
// at the first sign of a person — the pointer moving or pressed, a touch, a wheel, a key — so what
// it loads is not fetched while the page loads. A use that needs it sooner (a menu's button
// pressed, a dialog opened, a toast asked for) loads it itself (lib/later-component.ts).
const SIGNS = ["pointermove", "pointerdown", "touchstart", "wheel", "keydown"] as const;

export function whenUsed(run: () => void): void {
  const once = () => {
    for (const type of SIGNS) window.removeEventListener(type, once, true);
    run();
  };
  for (const type of SIGNS) window.addEventListener(type, once, { capture: true, passive: true });
}
