// /post/{postId} (spec-1 §2): will redirect to the post's page once posts exist.
import { PlaceholderScreen } from "../../components/placeholder-screen";

export function PostRedirectScreen() {
  return <PlaceholderScreen title="Post" />;
}
