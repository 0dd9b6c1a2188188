// /{handle} (spec-1 §2 "Profile screen"). Not built yet: an honest placeholder.
import { useParams } from "react-router";
import { PlaceholderScreen } from "../../components/placeholder-screen";

export function ProfileScreen() {
  const { handle = "" } = useParams();
  return (
    <PlaceholderScreen title="Profile">
      <p className="mt-2 font-medium break-all text-neutral-700 dark:text-neutral-300">@{handle}</p>
    </PlaceholderScreen>
  );
}
