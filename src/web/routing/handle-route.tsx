// Wraps the /{handle}/… routes: a leading @ in the handle is stripped (spec-1 §2), so
// /@name/edit-profile (the checkout return path of spec-2 §7) lands on /name/edit-profile. A
// profile also answers to other handles than its canonical one, which the screens then put in the
// address (state/canonical-handle.ts). A person on another server keeps the @ in front of their
// handle, as their posts link to them: /name@server.example moves to /@name@server.example
// (docs/federation.md "In the web app").
import { Navigate, Outlet, useLocation } from "react-router";
import { fediverseHandleOf } from "../../domain/fediverse-handle";

/** Where the address belongs, when not where it is. */
function canonicalPath(pathname: string): string | null {
  const remote = fediverseHandleOf(pathname.replace(/^\/+|\/+$/g, ""));
  if (remote) return pathname === `/@${remote}` ? null : `/@${remote}`;
  return pathname.startsWith("/@") ? pathname.replace(/^\/@+/, "/") : null;
}

export function HandleRoute() {
  const location = useLocation();
  const pathname = canonicalPath(location.pathname);
  if (pathname) {
    return <Navigate to={{ pathname, search: location.search, hash: location.hash }} replace />;
  }
  return <Outlet />;
}
