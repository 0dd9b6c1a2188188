// The badges next to a person's name (spec-1 §6, spec-2 §1): a yellow or black verification check
// and the veteran's military medal. Used wherever a name is shown with its badges.
import { clsx } from "clsx";
import { BadgeCheck, Medal } from "lucide-react";
import type { ProfileView } from "../../../domain/contracts/profiles";

export function ProfileBadges({
  verificationType,
  veteran,
  size = 20,
}: Pick<ProfileView, "verificationType" | "veteran"> & { size?: number }) {
  if (verificationType === "none" && !veteran) return null;
  return (
    <span className="inline-flex shrink-0 items-center gap-1 align-middle">
      {verificationType !== "none" ? (
        <span role="img" aria-label={`Verified (${verificationType})`} title="Verified">
          <BadgeCheck
            aria-hidden="true"
            size={size}
            className={clsx(
              verificationType === "yellow"
                ? "fill-amber-400 text-amber-900 dark:fill-amber-400 dark:text-amber-950"
                : "fill-neutral-950 text-white dark:fill-white dark:text-neutral-950",
            )}
          />
        </span>
      ) : null}
      {veteran ? (
        <span role="img" aria-label="Veteran" title="Veteran">
          <Medal aria-hidden="true" size={size} className="text-amber-600 dark:text-amber-400" />
        </span>
      ) : null}
    </span>
  );
}
