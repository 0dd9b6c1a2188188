import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createThemeStore, useTheme } from "./theme";

/** A controllable `prefers-color-scheme: dark` media query. */
function fakeSystemDark(initial: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initial,
    media: "(prefers-color-scheme: dark)",
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = (() => query) as unknown as typeof window.matchMedia;
  return {
    set(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener();
    },
  };
}

const rootClasses = () => Array.from(document.documentElement.classList).sort();

afterEach(() => {
  document.documentElement.className = "";
});

describe("useTheme", () => {
  it("treats an unknown stored value as system and applies the OS mode to <html>", () => {
    window.localStorage.setItem("theme", "purple");
    fakeSystemDark(true);
    const { result } = renderHook(() => useTheme(createThemeStore(window)));
    expect(result.current.theme).toBe("system");
    expect(result.current.resolved).toBe("dark");
    expect(rootClasses()).toEqual(["dark"]);
  });

  it("restores a stored choice and replaces the previous class when it changes", () => {
    window.localStorage.setItem("theme", "dark");
    fakeSystemDark(false);
    document.documentElement.classList.add("light");
    const { result } = renderHook(() => useTheme(createThemeStore(window)));
    expect(result.current.theme).toBe("dark");
    expect(rootClasses()).toEqual(["dark"]);

    act(() => result.current.setTheme("light"));
    expect(result.current.theme).toBe("light");
    expect(rootClasses()).toEqual(["light"]);
    expect(window.localStorage.getItem("theme")).toBe("light");
  });

  it("follows the OS setting while on system, and ignores it otherwise", () => {
    const system = fakeSystemDark(false);
    const { result } = renderHook(() => useTheme(createThemeStore(window)));
    expect(rootClasses()).toEqual(["light"]);

    act(() => system.set(true));
    expect(result.current.resolved).toBe("dark");
    expect(rootClasses()).toEqual(["dark"]);

    act(() => result.current.setTheme("light"));
    act(() => system.set(false));
    act(() => system.set(true));
    expect(rootClasses()).toEqual(["light"]);
  });

  it("works where matchMedia is missing", () => {
    // @ts-expect-error simulating an environment without matchMedia
    window.matchMedia = undefined;
    const { result } = renderHook(() => useTheme(createThemeStore(window)));
    expect(result.current.resolved).toBe("light");
  });
});
