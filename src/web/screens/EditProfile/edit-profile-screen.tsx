// /{handle}/edit-profile (spec-2 §2): owner only; anyone else goes to /{handle}. The editor is
// not built yet. Signed-out visitors are stopped earlier by RequireAuth.
import { Navigate, useParams } from "react-router";
import { normalizeHandle } from "../../../domain/handles";
import { PlaceholderScreen } from "../../components/placeholder-screen";
import { useSessionUser } from "../../state/queries/session";

export function EditProfileScreen() {
  const { handle = "" } = useParams();
  const { user } = useSessionUser();
  if (user && normalizeHandle(user.handle) !== normalizeHandle(handle)) {
    return <Navigate to={`/${handle}`} replace />;
  }
  return <PlaceholderScreen title="Edit Profile" />;
}
