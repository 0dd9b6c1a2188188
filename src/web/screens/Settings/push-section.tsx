// 'Notifications on this device' (docs/notifications.md "Push"): turn notifications on or off for
// this browser (the browser asks for permission first), and every browser that gets them, each with
// Remove. Which news is pushed is chosen in 'Notifications' (notifications-section.tsx).
import { Button } from "../../components/controls/button";
import { errorMessage } from "../../lib/api";
import { calendarDate } from "../../lib/calendar-date";
import { toast } from "../../lib/toast";
import {
  PermissionRefused,
  pushUnavailable,
  usePushSubscriptionsQuery,
  useRemovePushSubscriptionMutation,
  useThisBrowserMutation,
  useThisBrowserQuery,
} from "../../state/queries/push";
import { listState, muted, SettingsSection } from "./settings-section";

export const UNSUPPORTED = "This browser can't show notifications from this site.";
export const BLOCKED =
  "Notifications are blocked for this site. Allow them in your browser's site settings, then come back.";

export function PushSection() {
  return (
    <SettingsSection title="Notifications on this device">
      <ThisBrowser />
      <PushBrowsers />
    </SettingsSection>
  );
}

function ThisBrowser() {
  const unavailable = pushUnavailable();
  const subscribed = useThisBrowserQuery();
  const change = useThisBrowserMutation();
  if (unavailable) {
    return (
      <p className={`py-3 text-sm ${muted}`}>
        {unavailable === "unsupported" ? UNSUPPORTED : BLOCKED}
      </p>
    );
  }
  const on = subscribed.data === true;
  const flip = () =>
    change.mutate(!on, {
      onSuccess: () =>
        toast.success(on ? "Notifications are off on this browser." : "Notifications are on."),
      onError: (error) =>
        toast.error(
          error instanceof PermissionRefused
            ? BLOCKED
            : errorMessage(error, "Could not change notifications on this browser."),
        ),
    });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-3">
      <p className={`text-sm ${muted}`}>
        {on
          ? "This browser shows notifications, even with no tab open."
          : "Be told of messages, comments and followers even with no tab open."}
      </p>
      <Button
        variant={on ? "secondary" : "primary"}
        busy={change.isPending || subscribed.isPending}
        onClick={flip}
      >
        {on ? "Turn off on this browser" : "Turn on notifications"}
      </Button>
    </div>
  );
}

function PushBrowsers() {
  const query = usePushSubscriptionsQuery();
  const remove = useRemovePushSubscriptionMutation();
  const items = query.data?.items ?? [];
  return (
    <div className="border-t border-neutral-200 pt-3 dark:border-neutral-800">
      <h3 className="font-semibold">Browsers that get notifications</h3>
      {listState(query, "Could not load your browsers.") ??
        (items.length === 0 ? (
          <p className={`py-2 text-sm ${muted}`}>None yet.</p>
        ) : (
          <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
            {items.map((browser) => (
              <li
                key={browser.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">{browser.label}</p>
                  <p className={`text-sm ${muted}`}>Added {calendarDate(browser.createdAt)}</p>
                </div>
                <Button
                  variant="secondary"
                  aria-label={`Remove ${browser.label}`}
                  busy={remove.isPending && remove.variables === browser.id}
                  onClick={() =>
                    remove.mutate(browser.id, {
                      onError: (error) =>
                        toast.error(errorMessage(error, `Could not remove ${browser.label}.`)),
                    })
                  }
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
