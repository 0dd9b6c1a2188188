// Where toasts appear (spec-1 §8's success and error toasts): over no control. On wider screens
// in the bottom-right corner, narrow enough to stay in the margin beside the 672 px page column
// at 1280 px; on phones (sonner's own 600 px breakpoint) across the top, just below the fixed
// 56 px header, which keeps the menu button free. Loaded after the first paint (app-toaster.tsx).
import { type CSSProperties, useEffect } from "react";
import { Toaster, toast } from "sonner";
import { toasterReady } from "../../lib/toast";
import { useMediaQuery } from "../../lib/use-media-query";

const PHONE = "(max-width: 600px)";
/** (1280 − 672) / 2 = 304 px of margin, less the 16 px offset and a scrollbar's width. */
const WIDE_TOAST_WIDTH = "288px";
/** sonner's rich colours for the light theme put its 13 px text at 4.2–4.4:1 on their pale
 * backgrounds, under WCAG AA's 4.5:1 (axe: color-contrast): the text takes Tailwind's 700/800
 * shades instead (5.9:1 and more). The dark theme's pairs pass as they are. Set on the toaster
 * element itself, so they win over the theme's variables sonner sets there. */
const LIGHT_TEXT = {
  "--error-text": "#b91c1c",
  "--success-text": "#166534",
  "--info-text": "#075985",
  "--warning-text": "#92400e",
};

export default function SonnerToaster({ theme }: { theme: "light" | "dark" }) {
  const phone = useMediaQuery(PHONE);
  // The Toaster's own effect, which listens for toasts, runs before this one.
  useEffect(() => toasterReady(({ kind, message, options }) => toast[kind](message, options)), []);
  return (
    <Toaster
      richColors
      closeButton
      theme={theme}
      position={phone ? "top-center" : "bottom-right"}
      offset={16}
      mobileOffset={{ top: 64, left: 16, right: 16 }}
      style={
        {
          "--width": WIDE_TOAST_WIDTH,
          ...(theme === "light" ? LIGHT_TEXT : {}),
        } as CSSProperties
      }
    />
  );
}
