// The Details section of /{handle}: every personal attribute the person filled in (spec-2 §3) and
// the viewer may see. The owner sees all of theirs, each one not shown to everyone marked with who
// can see it (docs/profiles-and-media.md "Who sees what"). On a phone (600 px or less) it opens
// folded to its first row, so the posts are not pushed below a long card; 'Show all details'
// unfolds it.

import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { ATTRIBUTE_LABELS, ATTRIBUTE_ORDER } from "../../../domain/attribute-labels";
import { AUDIENCE_LABELS, type Audience, effectiveAudiences } from "../../../domain/audiences";
import type { ProfilePrivacy, ProfileView } from "../../../domain/contracts/profiles";
import { AUDIENCE_ICONS } from "../../components/person/audience-icon";
import { useMediaQuery } from "../../lib/use-media-query";

/** The details a phone shows folded: the first row of its two-column grid. */
const FOLDED_COUNT = 2;

export const sectionClass =
  "rounded-3xl border border-neutral-200 bg-white p-5 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900";

function AudienceMark({ audience }: { audience: Exclude<Audience, "everyone"> }) {
  const Icon = AUDIENCE_ICONS[audience];
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-neutral-100 px-1.5 py-0.5 text-[11px] leading-none font-medium tracking-normal text-neutral-600 normal-case dark:bg-neutral-800 dark:text-neutral-300">
      <Icon aria-hidden="true" size={11} />
      <span className="sr-only">Who can see: </span>
      {AUDIENCE_LABELS[audience]}
    </span>
  );
}

export function ProfileDetails({
  attributes,
  privacy,
}: {
  attributes: ProfileView["attributes"];
  /** The owner's own choices; null for everyone else. */
  privacy: ProfilePrivacy | null;
}) {
  const listId = useId();
  const phone = useMediaQuery("(max-width: 600px)");
  const [expanded, setExpanded] = useState(false);
  const filled = ATTRIBUTE_ORDER.flatMap((key) => {
    const value = attributes[key];
    return value === null || value === "" ? [] : [{ key, value: String(value) }];
  });
  if (filled.length === 0) return null;
  // Marked with who can actually see it: a county no wider than the city (domain/audiences.ts).
  const audiences = privacy ? effectiveAudiences(privacy.audiences, attributes) : null;
  const foldable = phone && filled.length > FOLDED_COUNT;
  const shown = foldable && !expanded ? filled.slice(0, FOLDED_COUNT) : filled;
  return (
    <section aria-labelledby="profile-details" className={sectionClass}>
      <h2 id="profile-details" className="mb-4 text-lg font-bold">
        Details
      </h2>
      <dl id={listId} className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 sm:gap-x-6">
        {shown.map(({ key, value }) => {
          const audience = audiences?.[key] ?? "everyone";
          return (
            <div key={key} className="min-w-0">
              <dt className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs font-medium tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
                <span>{ATTRIBUTE_LABELS[key]}</span>
                {audience === "everyone" ? null : <AudienceMark audience={audience} />}
              </dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          );
        })}
      </dl>
      {foldable ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
          className="mt-4 inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-sky-700 hover:bg-sky-50 dark:text-sky-400 dark:hover:bg-sky-950"
        >
          {expanded ? "Show fewer details" : "Show all details"}
          <ChevronDown
            aria-hidden="true"
            size={16}
            className={expanded ? "rotate-180 motion-safe:transition-transform" : undefined}
          />
        </button>
      ) : null}
    </section>
  );
}
