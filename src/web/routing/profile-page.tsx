// /{handle}: a person here (in the first script), or a person on another server
// (/@name@server.example), whose screen is fetched when first opened and whom only someone signed
// in may look up (docs/federation.md "In the web app"): anyone else gets the sign-in screen in its
// place.
import { useParams } from "react-router";
import { fediverseHandleOf } from "../../domain/fediverse-handle";
import { onDemand } from "../lib/on-demand";
import { ProfileScreen } from "../screens/Profile/profile-screen";
import { RequireAuth } from "./require-auth";

export const RemoteProfileScreen = onDemand(
  () => import("../screens/RemoteProfile/remote-profile-screen"),
  (m) => m.RemoteProfileScreen,
);

export function ProfilePage() {
  const { handle = "" } = useParams();
  if (!fediverseHandleOf(handle)) return <ProfileScreen />;
  return (
    <RequireAuth>
      <RemoteProfileScreen />
    </RequireAuth>
  );
}
