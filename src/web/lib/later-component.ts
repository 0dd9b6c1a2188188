// Components kept out of the first download (docs/performance.md "Initial JavaScript"): main.tsx
// loads them once someone uses the page (lib/when-used.ts), and a page that needs one before that
// loads it at once; until it has loaded, its user draws a stand-in.
import { type ComponentType, useCallback, useEffect, useState } from "react";

export interface LaterComponent<P> {
  /** Loads it (once). */
  load(): Promise<ComponentType<P>>;
  /** The component if it has loaded. */
  current(): ComponentType<P> | null;
  /** Calls `take` when it loads; the returned function stops that. */
  onLoad(take: (component: ComponentType<P>) => void): () => void;
}

export function laterComponent<P>(
  importer: () => Promise<{ default: ComponentType<P> }>,
): LaterComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const takers = new Set<(component: ComponentType<P>) => void>();
  return {
    load() {
      loading ??= importer().then((module) => {
        loaded = module.default;
        for (const take of takers) take(module.default);
        return module.default;
      });
      return loading;
    },
    current: () => loaded,
    onLoad(take) {
      takers.add(take);
      return () => {
        takers.delete(take);
      };
    },
  };
}

/** The component once loaded by anyone (null before: draw a stand-in), and a function to load
 * it now; `now` loads it at once, e.g. as a dialog opens. */
export function useLaterComponent<P>(
  later: LaterComponent<P>,
  now: boolean,
): [ComponentType<P> | null, () => void] {
  const [component, setComponent] = useState<ComponentType<P> | null>(later.current);
  const loadNow = useCallback(() => void later.load(), [later]);
  useEffect(() => {
    if (component) return;
    const take = (next: ComponentType<P>) => setComponent(() => next);
    const stop = later.onLoad(take);
    const loaded = later.current();
    if (loaded) take(loaded);
    else if (now) void later.load();
    return stop;
  }, [component, now, later]);
  return [component, loadNow];
}
