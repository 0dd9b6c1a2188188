// The Pictures gallery of /{handle} (spec-2 §3 user_profile_pics): the filled slots; a click
// opens the picture larger in a dialog (Escape or Close to leave).
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { sectionClass } from "./profile-details";

export function ProfilePictures({ pictures, name }: { pictures: (string | null)[]; name: string }) {
  const [open, setOpen] = useState<{ slot: number; url: string } | null>(null);
  const filled = pictures.flatMap((url, index) => (url ? [{ slot: index + 1, url }] : []));
  if (filled.length === 0) return null;
  return (
    <section aria-labelledby="profile-pictures" className={sectionClass}>
      <h2 id="profile-pictures" className="mb-4 text-lg font-bold">
        Pictures
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:gap-3">
        {filled.map((picture) => (
          <li key={picture.slot}>
            <button
              type="button"
              onClick={() => setOpen(picture)}
              aria-label={`Open picture ${picture.slot}`}
              className="block aspect-square w-full overflow-hidden rounded-xl bg-neutral-100 dark:bg-neutral-800"
            >
              <img
                src={picture.url}
                alt=""
                loading="lazy"
                className="size-full object-cover transition-transform hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog.Root open={open !== null} onOpenChange={(next) => (next ? null : setOpen(null))}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/80 motion-safe:animate-fade-in" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[min(56rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-2xl bg-neutral-950 p-3 text-white shadow-xl">
            <div className="flex items-center justify-between gap-3 pl-2">
              <Dialog.Title className="text-base font-semibold">Picture {open?.slot}</Dialog.Title>
              <Dialog.Description className="sr-only">
                A picture from {name}'s profile.
              </Dialog.Description>
              <Dialog.Close
                aria-label="Close"
                className="flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-white/15"
              >
                <X aria-hidden="true" size={20} />
              </Dialog.Close>
            </div>
            {open ? (
              <img
                src={open.url}
                alt={`From the profile of ${name}, number ${open.slot}`}
                className="mx-auto max-h-[calc(92dvh-5rem)] w-auto max-w-full rounded-xl object-contain"
              />
            ) : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
