// Who may open one of the owner's follow lists (docs/social-and-realtime.md "Private accounts"):
// Everyone, Friends or Only me, as three radio buttons side by side, each with the audience's icon
// (components/person/audience-icon.tsx). A fieldset names the list; the arrow keys move the choice.
import { AUDIENCE_LABELS, AUDIENCES, type Audience } from "../../../domain/audiences";
import { AUDIENCE_ICONS } from "../../components/person/audience-icon";
import { muted } from "./settings-section";

export function AudienceChoice({
  name,
  legend,
  description,
  value,
  onChange,
}: {
  /** The radio group's form name. */
  name: string;
  legend: string;
  description: string;
  value: Audience;
  onChange: (audience: Audience) => void;
}) {
  return (
    <fieldset className="py-3">
      {/* Floated, a legend leaves the fieldset's border line and sits in the flow like a label. */}
      <legend className="float-left w-full font-medium">{legend}</legend>
      <p className={`clear-left text-sm ${muted}`}>{description}</p>
      <div className="mt-2 grid grid-cols-3 gap-1 rounded-full border border-neutral-300 p-1 sm:max-w-md dark:border-neutral-700">
        {AUDIENCES.map((audience) => {
          const Icon = AUDIENCE_ICONS[audience];
          return (
            <label
              key={audience}
              className="flex min-h-10 cursor-pointer items-center justify-center gap-1.5 rounded-full px-1 text-sm font-medium text-neutral-700 hover:bg-neutral-100 has-checked:bg-sky-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-sky-500 dark:text-neutral-200 dark:hover:bg-neutral-800 dark:has-checked:bg-sky-500 dark:has-checked:text-neutral-950"
            >
              <input
                type="radio"
                name={name}
                value={audience}
                checked={value === audience}
                onChange={() => onChange(audience)}
                className="sr-only"
              />
              <Icon aria-hidden="true" size={16} className="shrink-0" />
              {AUDIENCE_LABELS[audience]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
