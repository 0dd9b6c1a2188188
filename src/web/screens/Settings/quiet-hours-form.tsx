// Quiet hours (docs/notifications.md "Quiet hours"): a switch, and while it is on the window's
// start and end and the time zone they are read in, saved with 'Save quiet hours'. Turning the
// switch on saves 22:00 to 07:00 in this browser's time zone at once; off saves none.
import { useEffect, useId, useState } from "react";
import type { QuietHours } from "../../../domain/contracts/notification-settings";
import { Button } from "../../components/controls/button";
import { FieldLabel, inputClass } from "../../components/form/text-field";
import { muted } from "./settings-section";
import { SwitchRow } from "./switch-row";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** Every zone this browser knows, with the chosen one first if it does not. */
function timeZones(chosen: string): string[] {
  const known = Intl.supportedValuesOf?.("timeZone") ?? [];
  return known.includes(chosen) ? known : [chosen, ...known];
}

export function QuietHoursForm({
  hours,
  saving,
  change,
}: {
  hours: QuietHours | null;
  saving: boolean;
  change: (hours: QuietHours | null, what: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<QuietHours | null>(hours);
  useEffect(() => setDraft(hours), [hours]);
  const edited =
    draft !== null &&
    hours !== null &&
    (draft.start !== hours.start || draft.end !== hours.end || draft.timeZone !== hours.timeZone);
  return (
    <div className="border-t border-neutral-200 dark:border-neutral-800">
      <SwitchRow
        label="Quiet hours"
        description={
          hours
            ? `Pushes and e-mails wait from ${hours.start} until ${hours.end} (${hours.timeZone}).`
            : "A daily time when pushes and e-mails wait until it ends."
        }
        checked={hours !== null}
        onChange={(on) =>
          change(
            on ? { start: "22:00", end: "07:00", timeZone: browserTimeZone() } : null,
            `Quiet hours are ${on ? "still off" : "still on"}.`,
          )
        }
      />
      {draft ? (
        <form
          className="flex flex-wrap items-end gap-3 pb-3"
          onSubmit={(event) => {
            event.preventDefault();
            change(draft, "Your quiet hours did not change.");
          }}
        >
          <div>
            <FieldLabel htmlFor={`${id}-start`}>From</FieldLabel>
            <input
              id={`${id}-start`}
              type="time"
              required
              value={draft.start}
              onChange={(event) => setDraft({ ...draft, start: event.target.value })}
              className={`${inputClass} w-32`}
            />
          </div>
          <div>
            <FieldLabel htmlFor={`${id}-end`}>Until</FieldLabel>
            <input
              id={`${id}-end`}
              type="time"
              required
              value={draft.end}
              onChange={(event) => setDraft({ ...draft, end: event.target.value })}
              className={`${inputClass} w-32`}
            />
          </div>
          <div className="min-w-0 grow">
            <FieldLabel htmlFor={`${id}-zone`}>Time zone</FieldLabel>
            <select
              id={`${id}-zone`}
              value={draft.timeZone}
              onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })}
              className={`${inputClass} w-full`}
            >
              {timeZones(draft.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </div>
          <Button
            type="submit"
            variant="secondary"
            disabled={!edited || draft.start === draft.end}
            busy={saving && edited}
          >
            Save quiet hours
          </Button>
          {draft.start === draft.end ? (
            <p className={`w-full text-sm ${muted}`}>Choose an end different from the start.</p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
