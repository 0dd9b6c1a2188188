// 'Reading' (docs/feed.md "Content warnings"): 'Always expand posts with content warnings', saved
// the moment it is flipped, off until turned on. A refusal leaves the switch as it was and says so.
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import {
  useReadingSettingsQuery,
  useSaveReadingSettingsMutation,
} from "../../state/queries/reading-settings";
import { listState, SettingsSection } from "./settings-section";
import { SwitchRow } from "./switch-row";

export function ReadingSection() {
  const query = useReadingSettingsQuery();
  const save = useSaveReadingSettingsMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const change = (on: boolean) => {
    setFailure(null);
    save.mutate(
      { expandContentWarnings: on },
      {
        onError: (error) =>
          setFailure(`${errorMessage(error, "Could not save your choice.")} Please try again.`),
      },
    );
  };
  return (
    <SettingsSection title="Reading">
      {listState(query, "Could not load your reading settings.") ??
        (query.data ? (
          <>
            <SwitchRow
              label="Always expand posts with content warnings"
              description="Show the text and images of posts with a content warning without asking first. Sensitive images stay blurred until you click them."
              checked={query.data.expandContentWarnings}
              onChange={change}
            />
            {failure ? (
              <p role="alert" className="pb-1 text-sm text-red-700 dark:text-red-400">
                {failure}
              </p>
            ) : null}
          </>
        ) : null)}
    </SettingsSection>
  );
}
