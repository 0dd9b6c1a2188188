// Screens fetched the first time their route matches (routing/router.tsx). Once fetched, a screen
// renders at once instead of suspending: main.tsx waits for the first page's screen, whose script
// the page already preloads, so the first paint draws it with the shell rather than the shell
// alone and then the screen (docs/performance.md "Lighthouse").
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

export type OnDemandScreen = LazyExoticComponent<ComponentType> & {
  /** Fetches the screen's module; resolves when it can render without suspending. */
  preload(): Promise<unknown>;
};

/** A thenable already fulfilled: React.lazy reads its value as it is called, without suspending
 * (a Promise calls back only after the render has suspended). */
function fulfilled<T>(value: T): Promise<T> {
  const thenable = {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is the point, for React.lazy alone
    then: (onFulfilled?: (value: T) => unknown) => {
      onFulfilled?.(value);
      return thenable;
    },
  };
  // React.lazy calls nothing but `then` (react.production.js lazyInitializer).
  return thenable as unknown as Promise<T>;
}

/** `pick` names the export of the screen's module. */
export function onDemand<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): OnDemandScreen {
  let loaded: { default: ComponentType } | null = null;
  const fetchModule = () =>
    load().then((module) => {
      loaded = { default: pick(module) };
      return loaded;
    });
  const Screen = lazy(() => (loaded ? fulfilled(loaded) : fetchModule()));
  return Object.assign(Screen, { preload: fetchModule });
}
