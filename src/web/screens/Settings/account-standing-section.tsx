// 'Account standing' (docs/safety.md "Account standing"): whether the account is in good standing,
// and every action the moderators took on it, newest first, each with Appeal while it counts.
import { useNow } from "../../lib/use-now";
import { useAppealMutation, useStandingActionsQuery } from "../../state/queries/standing";
import { listState, muted, SettingsSection } from "./settings-section";
import { StandingActionItem } from "./standing-action-item";

function summary(activeCount: number): string {
  if (activeCount === 0) return "Your account is in good standing.";
  return activeCount === 1
    ? "1 active action on your account."
    : `${activeCount} active actions on your account.`;
}

export function AccountStandingSection() {
  const query = useStandingActionsQuery();
  const send = useAppealMutation();
  const now = useNow();
  const data = query.data;
  return (
    <SettingsSection title="Account standing">
      {listState(query, "Could not load your account standing.") ??
        (data ? (
          <>
            <p className="pt-1 font-semibold">{summary(data.activeCount)}</p>
            <p className={`pt-1 text-sm ${muted}`}>
              A removal, restriction or suspension counts for a year from the day it was taken,
              unless an appeal or a moderator undoes it. You can appeal each one once.
            </p>
            {data.items.length === 0 ? (
              <p className={`py-4 text-center ${muted}`}>
                The moderators have not taken any action on your account.
              </p>
            ) : (
              <ul
                aria-label="Actions on your account"
                className="divide-y divide-neutral-200 dark:divide-neutral-800"
              >
                {data.items.map((item) => (
                  <StandingActionItem key={item.id} item={item} now={now} send={send} />
                ))}
              </ul>
            )}
          </>
        ) : null)}
    </SettingsSection>
  );
}
