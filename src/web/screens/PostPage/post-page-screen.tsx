// /{handle}/{postSlug} (spec-2 §2 "Post page"). Not built yet: an honest placeholder.
import { PlaceholderScreen } from "../../components/placeholder-screen";

export function PostPageScreen() {
  return <PlaceholderScreen title="Post" />;
}
