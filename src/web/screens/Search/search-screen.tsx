// /search (spec-2 §2 "Search page"). Not built yet: an honest placeholder.
import { PlaceholderScreen } from "../../components/placeholder-screen";

export function SearchScreen() {
  return <PlaceholderScreen title="Search" />;
}
