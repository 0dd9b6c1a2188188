// The ALT badge on a post's image that has a description (docs/feed.md "Images"): pointing at it,
// focusing it or clicking it shows the description over the image; Escape or a second click
// hides it. Screen readers already read the description as the image's alt text.
import { type KeyboardEvent, useId, useState } from "react";

export function AltBadge({ alt }: { alt: string }) {
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [focused, setFocused] = useState(false);
  const id = useId();
  const shown = hovered || pinned || focused;
  const hide = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !shown) return;
    event.stopPropagation();
    setPinned(false);
    setFocused(false);
    setHovered(false);
  };
  return (
    <>
      <button
        type="button"
        aria-expanded={shown}
        aria-controls={id}
        aria-label="ALT: image description"
        onClick={() => setPinned(!pinned)}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
        }}
        onKeyDown={hide}
        className="absolute bottom-2 left-2 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-bold tracking-wide text-white hover:bg-black/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500"
      >
        ALT
      </button>
      <p
        id={id}
        hidden={!shown}
        className="absolute inset-x-2 bottom-9 max-h-[70%] overflow-y-auto rounded-lg bg-black/85 px-3 py-2 text-left text-sm leading-5 whitespace-pre-wrap break-words text-white"
      >
        {alt}
      </p>
    </>
  );
}
