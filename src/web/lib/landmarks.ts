// The app's <main> landmark (components/layout/app-shell.tsx), for content Radix portals out of
// the tree: a menu there stays inside a landmark (axe 'region'); dialogs are regions of their own.
export const MAIN_ID = "main";

/** The <main> element, or undefined (body) where the app shell is not rendered, as in tests. */
export function mainLandmark(): HTMLElement | undefined {
  return document.getElementById(MAIN_ID) ?? undefined;
}
