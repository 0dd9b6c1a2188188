// One choice among the four circles of 'Who can reply' and 'Who can message me' (docs/safety.md
// "Who can reply and write"): a fieldset of radio buttons, one a row with its icon, so the arrow
// keys move the choice and each row is a 44 px target on a phone.
import { WHO_MAY, type WhoMay } from "../../../domain/reply-controls";
import { WHO_MAY_ICONS } from "../post/reply-policy-icon";

export function WhoMayChoice({
  name,
  legend,
  description,
  labels,
  value,
  onChange,
}: {
  /** The radio group's form name. */
  name: string;
  legend: string;
  description?: string;
  labels: Record<WhoMay, string>;
  value: WhoMay;
  onChange: (choice: WhoMay) => void;
}) {
  return (
    <fieldset>
      {/* Floated, a legend leaves the fieldset's border line and sits in the flow like a label. */}
      <legend className="float-left w-full font-medium">{legend}</legend>
      {description ? (
        <p className="clear-left text-sm text-neutral-600 dark:text-neutral-400">{description}</p>
      ) : null}
      <div className="clear-left mt-2 divide-y divide-neutral-200 rounded-xl border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
        {WHO_MAY.map((choice) => {
          const Icon = WHO_MAY_ICONS[choice];
          return (
            <label
              key={choice}
              className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-neutral-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-[-2px] has-focus-visible:outline-sky-500 dark:hover:bg-neutral-800/60"
            >
              <input
                type="radio"
                name={name}
                value={choice}
                checked={value === choice}
                onChange={() => onChange(choice)}
                className="size-4 shrink-0 accent-sky-700 focus-visible:outline-none dark:accent-sky-500"
              />
              <Icon
                aria-hidden="true"
                size={16}
                className="shrink-0 text-neutral-600 dark:text-neutral-400"
              />
              <span className="min-w-0 flex-1">{labels[choice]}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
