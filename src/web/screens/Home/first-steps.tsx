// The first-run checklist above the home feed (docs/feed.md "People to follow"): add a photo, fill
// in details, follow 3 people, reserve a username. Each step ticks from the person's own profile
// (domain/first-steps.ts); the list goes away when all are done, or for good once dismissed.
import { clsx } from "clsx";
import { Circle, CircleCheck, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { SessionUser } from "../../../domain/contracts/auth";
import { type FirstStep, FOLLOWS_TO_START, firstSteps } from "../../../domain/first-steps";
import { IconButton } from "../../components/controls/icon-button";
import { useProfileQuery } from "../../state/queries/profiles";

export const firstStepsDismissedKey = (userId: string) => `first-steps-dismissed:${userId}`;

function readDismissed(userId: string): boolean {
  try {
    return window.localStorage.getItem(firstStepsDismissedKey(userId)) === "true";
  } catch {
    return false;
  }
}

function rememberDismissed(userId: string): void {
  try {
    window.localStorage.setItem(firstStepsDismissedKey(userId), "true");
  } catch {
    // Storage can be full or blocked (private mode): hidden for this visit only.
  }
}

function StepLine({
  step,
  handle,
  following,
}: {
  step: FirstStep;
  handle: string;
  following: number;
}) {
  const Icon = step.done ? CircleCheck : Circle;
  const text =
    step.key === "follow" && !step.done
      ? `${step.label} (${following}/${FOLLOWS_TO_START})`
      : step.label;
  return (
    <li className="flex min-h-9 items-center gap-2 text-sm">
      <Icon
        aria-hidden="true"
        size={20}
        className={clsx(
          "shrink-0",
          step.done ? "text-emerald-600 dark:text-emerald-400" : "text-neutral-400",
        )}
      />
      {step.done || step.key === "follow" ? (
        <span className={clsx(step.done && "text-neutral-500 line-through dark:text-neutral-400")}>
          {text}
        </span>
      ) : (
        <Link
          to={`/${handle}/edit-profile`}
          className="font-medium text-sky-700 hover:underline dark:text-sky-400"
        >
          {text}
        </Link>
      )}
      <span className="sr-only">{step.done ? "(done)" : "(to do)"}</span>
    </li>
  );
}

export function FirstSteps({ user }: { user: SessionUser }) {
  const profile = useProfileQuery(user.handle);
  const [dismissed, setDismissed] = useState(() => readDismissed(user.id));
  if (dismissed || !profile.data) return null;
  const steps = firstSteps(profile.data);
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;
  return (
    <section
      aria-labelledby="first-steps-title"
      className="mt-4 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 id="first-steps-title" className="font-semibold">
            Get started
          </h2>
          <p className="text-sm text-neutral-500 dark:text-neutral-400">
            {done} of {steps.length} done
          </p>
        </div>
        <IconButton
          label="Hide Get started"
          size="sm"
          onClick={() => {
            rememberDismissed(user.id);
            setDismissed(true);
          }}
        >
          <X aria-hidden="true" size={18} />
        </IconButton>
      </div>
      <ul className="mt-2 grid gap-x-4 sm:grid-cols-2">
        {steps.map((step) => (
          <StepLine
            key={step.key}
            step={step}
            handle={profile.data.handle}
            following={profile.data.counts.following}
          />
        ))}
      </ul>
    </section>
  );
}
