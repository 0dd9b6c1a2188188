// The Pictures gallery of /{handle} (spec-2 §3 user_profile_pics): the filled slots; a click
// opens the picture larger in a dialog (Escape or Close to leave).
import { useState } from "react";
import { Dialog } from "../../components/dialog/dialog";
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
      <Dialog
        open={open !== null}
        onOpenChange={(next) => (next ? null : setOpen(null))}
        layout="media"
        title={`Picture ${open?.slot ?? ""}`}
        description={`A picture from ${name}'s profile.`}
        hideDescription
      >
        {open ? (
          <img
            src={open.url}
            alt={`From the profile of ${name}, number ${open.slot}`}
            className="mx-auto max-h-[calc(92dvh-5rem)] w-auto max-w-full rounded-xl object-contain"
          />
        ) : null}
      </Dialog>
    </section>
  );
}
