// Who can see one field of the Details grid (docs/profiles-and-media.md "Who sees what"): a small
// native select in the field's label row, named 'Who can see {Field}', with Everyone, Friends and
// Only me, and the chosen audience's icon.
import { ChevronDown } from "lucide-react";
import { AUDIENCE_LABELS, AUDIENCES, type Audience } from "../../../domain/audiences";
import { AUDIENCE_ICONS } from "../../components/person/audience-icon";

export function AudienceSelect({
  field,
  value,
  onChange,
}: {
  /** The field's label, as the grid shows it. */
  field: string;
  value: Audience;
  onChange: (audience: Audience) => void;
}) {
  const Icon = AUDIENCE_ICONS[value];
  return (
    <div className="relative shrink-0">
      <Icon
        aria-hidden="true"
        size={13}
        className="pointer-events-none absolute top-1/2 left-2 -translate-y-1/2 text-neutral-500 dark:text-neutral-400"
      />
      <select
        aria-label={`Who can see ${field}`}
        value={value}
        onChange={(event) => onChange(event.target.value as Audience)}
        className="block min-h-6 cursor-pointer appearance-none rounded-full border border-neutral-300 bg-neutral-50 py-0.5 pr-6 pl-6 text-xs font-medium text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-500 dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-200 dark:hover:bg-neutral-700"
      >
        {AUDIENCES.map((audience) => (
          <option key={audience} value={audience}>
            {AUDIENCE_LABELS[audience]}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        size={12}
        className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 text-neutral-500 dark:text-neutral-400"
      />
    </div>
  );
}
