// 'Email me about new messages' (spec-1 §8: after an in-app message the recipient is told by
// e-mail; they can turn it off): a switch at the foot of the thread list, saved at once.
import { Switch } from "radix-ui";
import { useId } from "react";
import { toast } from "sonner";
import { useMailSettingsMutation, useMailSettingsQuery } from "../../state/queries/mail";

export const SETTINGS_FAILED = "Could not save your mail settings. Please try again.";

export function NotificationToggle() {
  const settings = useMailSettingsQuery();
  const save = useMailSettingsMutation();
  const id = useId();
  const on = settings.data?.emailNotifications ?? false;
  return (
    <div className="flex min-h-14 items-center justify-between gap-3 border-t border-neutral-200 px-4 py-2 dark:border-neutral-800">
      <label htmlFor={id} className="text-sm text-neutral-700 dark:text-neutral-300">
        Email me about new messages
      </label>
      <Switch.Root
        id={id}
        checked={on}
        disabled={settings.data === undefined}
        onCheckedChange={(emailNotifications) =>
          save.mutate({ emailNotifications }, { onError: () => toast.error(SETTINGS_FAILED) })
        }
        className="relative h-6 w-11 shrink-0 cursor-pointer rounded-full bg-neutral-300 transition-colors outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-sky-600 dark:bg-neutral-700 dark:data-[state=checked]:bg-sky-500"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
