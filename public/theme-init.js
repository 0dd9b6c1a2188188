// Runs before first paint: applies the stored theme as a class on <html> so the page never
// flashes the wrong theme. Mirrors src/domain/theme.ts (parseTheme/resolveTheme); keep in step.
(() => {
  let theme = "system";
  try {
    const stored = window.localStorage.getItem("theme");
    if (stored === "dark" || stored === "light" || stored === "system") theme = stored;
  } catch (_) {}
  const dark =
    theme === "dark" ||
    (theme === "system" &&
      !!window.matchMedia &&
      window.matchMedia("(prefers-color-scheme: dark)").matches);
  const root = document.documentElement;
  root.classList.remove("dark", "light");
  root.classList.add(dark ? "dark" : "light");
  root.style.colorScheme = dark ? "dark" : "light";
})();
