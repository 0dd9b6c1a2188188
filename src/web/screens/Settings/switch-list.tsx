// A list of Settings switches, each saved the moment it is flipped (state/queries/switches.ts): a
// refusal puts the switch back and says so under the list, and the next change clears it.
import type { UseMutationResult } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import type { SwitchChange } from "../../state/queries/switches";
import { SwitchRow } from "./switch-row";

export interface SwitchSpec<P> {
  name: keyof P & string;
  label: string;
  description: string;
}

/** What the list says when `change` was refused. */
export const saveFailed = <P,>(
  switches: SwitchSpec<P>[],
  change: SwitchChange<P>,
  error: unknown,
) =>
  `${errorMessage(error, "Could not save your choice.")} '${switches.find((s) => s.name === change.name)?.label}' is ${change.on ? "still off" : "still on"}. Please try again.`;

export function SwitchList<P extends Record<string, boolean>>({
  switches,
  values,
  save,
  className,
}: {
  switches: SwitchSpec<P>[];
  values: P;
  save: UseMutationResult<P, Error, SwitchChange<P>>;
  className?: string;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const change = (next: SwitchChange<P>) => {
    setFailure(null);
    save.mutate(next, { onError: (error) => setFailure(saveFailed(switches, next, error)) });
  };
  return (
    <>
      <ul className={clsx("divide-y divide-neutral-200 dark:divide-neutral-800", className)}>
        {switches.map(({ name, label, description }) => (
          <li key={name}>
            <SwitchRow
              label={label}
              description={description}
              checked={values[name] ?? false}
              onChange={(on) => change({ name, on })}
            />
          </li>
        ))}
      </ul>
      {failure ? (
        <p role="alert" className="pb-1 text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      ) : null}
    </>
  );
}
