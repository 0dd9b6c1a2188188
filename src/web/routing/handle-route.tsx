// Wraps the /{handle}/… routes: a leading @ in the handle is stripped (spec-1 §2), so
// /@name/edit-profile (the checkout return path of spec-2 §7) lands on /name/edit-profile. A
// profile also answers to other handles than its canonical one, which the screens then put in the
// address (state/canonical-handle.ts).
import { Navigate, Outlet, useLocation } from "react-router";

export function HandleRoute() {
  const location = useLocation();
  if (location.pathname.startsWith("/@")) {
    const pathname = location.pathname.replace(/^\/@+/, "/");
    return <Navigate to={{ pathname, search: location.search, hash: location.hash }} replace />;
  }
  return <Outlet />;
}
