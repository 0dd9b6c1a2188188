// Theme preference (spec-1 §4): dark | light | system in localStorage under `theme`; any other
// value means system. The resolved mode is a class on <html> replacing the previous one, and
// follows the OS setting while on system. public/theme-init.js does the same before first paint.
import { useSyncExternalStore } from "react";
import { parseTheme, resolveTheme, THEME_STORAGE_KEY, type Theme } from "../../domain/theme";

export interface ThemeState {
  theme: Theme;
  resolved: "dark" | "light";
}

export interface ThemeStore {
  getSnapshot(): ThemeState;
  subscribe(listener: () => void): () => void;
  setTheme(theme: Theme): void;
}

export function createThemeStore(win: Window): ThemeStore {
  const media = win.matchMedia?.("(prefers-color-scheme: dark)");
  const listeners = new Set<() => void>();

  const readStored = (): Theme => {
    try {
      return parseTheme(win.localStorage.getItem(THEME_STORAGE_KEY));
    } catch {
      return "system";
    }
  };
  const compute = (theme: Theme): ThemeState => ({
    theme,
    resolved: resolveTheme(theme, media?.matches ?? false),
  });
  const apply = (resolved: ThemeState["resolved"]) => {
    const root = win.document.documentElement;
    root.classList.remove("dark", "light");
    root.classList.add(resolved);
    root.style.colorScheme = resolved;
  };

  let state = compute(readStored());
  apply(state.resolved);

  const update = (next: ThemeState) => {
    if (next.theme === state.theme && next.resolved === state.resolved) return;
    state = next;
    apply(state.resolved);
    for (const listener of listeners) listener();
  };
  const onSystemChange = () => {
    if (state.theme === "system") update(compute("system"));
  };
  // Another tab changed the preference.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) update(compute(readStored()));
  };

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      if (listeners.size === 0) {
        media?.addEventListener("change", onSystemChange);
        win.addEventListener("storage", onStorage);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          media?.removeEventListener("change", onSystemChange);
          win.removeEventListener("storage", onStorage);
        }
      };
    },
    setTheme(theme) {
      try {
        win.localStorage.setItem(THEME_STORAGE_KEY, theme);
      } catch {
        // Storage blocked (private mode): the choice still applies for this visit.
      }
      update(compute(theme));
    },
  };
}

let appStore: ThemeStore | undefined;

/** The app-wide store, created on first use so importing this module has no side effects. */
export function themeStore(): ThemeStore {
  appStore ??= createThemeStore(window);
  return appStore;
}

export function useTheme(store: ThemeStore = themeStore()) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...state, setTheme: store.setTheme };
}
