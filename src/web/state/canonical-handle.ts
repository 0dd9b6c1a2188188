// A profile answers to other handles than its canonical one (another letter case, the default
// username once a name is reserved, a released name for a while: docs/usernames.md); the screens
// under /{handle}/… (routing/handle-route.tsx) move the address to the canonical handle.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import type { ProfileView } from "../../domain/contracts/profiles";
import { profileKeys } from "./queries/profiles";

/** Replaces the handle in the address with `profile.handle` when they differ, keeping the rest
 * of the path (/{handle}/edit-profile), the query and the hash. The profile is cached under its
 * canonical handle first, so the screen does not load it again. */
export function useCanonicalHandle(profile: ProfileView | undefined, handle: string): void {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!profile || profile.handle === handle) return;
    queryClient.setQueryData<ProfileView>(
      profileKeys.detail(profile.handle),
      (cached) => cached ?? profile,
    );
    const rest = location.pathname.split("/").slice(2);
    void navigate(
      {
        pathname: ["", profile.handle, ...rest].join("/"),
        search: location.search,
        hash: location.hash,
      },
      { replace: true },
    );
  }, [profile, handle, location.pathname, location.search, location.hash, navigate, queryClient]);
}
