// spec-1 §4: three stored values; anything else falls back to system.
export const THEME_STORAGE_KEY = "theme";
export const THEMES = ["dark", "light", "system"] as const;
export type Theme = (typeof THEMES)[number];

export function parseTheme(stored: string | null | undefined): Theme {
  return stored === "dark" || stored === "light" || stored === "system" ? stored : "system";
}

export function resolveTheme(theme: Theme, systemPrefersDark: boolean): "dark" | "light" {
  if (theme === "system") return systemPrefersDark ? "dark" : "light";
  return theme;
}
