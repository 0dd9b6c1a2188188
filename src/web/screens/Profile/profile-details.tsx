// The Details section of /{handle}: every personal attribute the person filled in (spec-2 §3).

import { ATTRIBUTE_LABELS, ATTRIBUTE_ORDER } from "../../../domain/attribute-labels";
import type { ProfileView } from "../../../domain/contracts/profiles";

export const sectionClass =
  "rounded-3xl border border-neutral-200 bg-white p-5 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900";

export function ProfileDetails({ attributes }: { attributes: ProfileView["attributes"] }) {
  const filled = ATTRIBUTE_ORDER.flatMap((key) => {
    const value = attributes[key];
    return value === null || value === "" ? [] : [{ key, value: String(value) }];
  });
  if (filled.length === 0) return null;
  return (
    <section aria-labelledby="profile-details" className={sectionClass}>
      <h2 id="profile-details" className="mb-4 text-lg font-bold">
        Details
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 sm:gap-x-6">
        {filled.map(({ key, value }) => (
          <div key={key} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-neutral-500 uppercase dark:text-neutral-400">
              {ATTRIBUTE_LABELS[key]}
            </dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
