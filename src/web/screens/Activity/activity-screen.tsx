// /activity (spec-2 §2 "Activity page"). Not built yet: an honest placeholder.
import { PlaceholderScreen } from "../../components/placeholder-screen";

export function ActivityScreen() {
  return <PlaceholderScreen title="Activity" />;
}
