// "Back" that stays inside the app: history back when this tab came from another page of ours,
// else the fallback path (a link opened in a new tab has nowhere in the app to go back to).
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  // react-router gives the tab's first entry the key "default".
  const hasHistory = location.key !== "default";
  return useCallback(() => {
    if (hasHistory) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [hasHistory, navigate, fallback]);
}
