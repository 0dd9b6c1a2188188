// What the /signup address asks for (spec-1 §2): `tab`/`auth` = register|signup opens Register;
// `stage=reset` or a recovery hash (type=recovery) opens the reset-password stage;
// `stage=forgot` opens the forgot-password stage (the target of the 'Forgot password' link).

export type AuthTab = "login" | "register";

export interface SignInParams {
  stage: "auth" | "forgot" | "reset";
  tab: AuthTab;
  resetToken: string | null;
  email: string;
}

export function readSignInParams(search: URLSearchParams, hash: string): SignInParams {
  const fromHash = new URLSearchParams(hash.replace(/^#/, ""));
  const recovery = search.get("stage") === "reset" || fromHash.get("type") === "recovery";
  const tabValue = search.get("tab") ?? search.get("auth");
  return {
    stage: recovery ? "reset" : search.get("stage") === "forgot" ? "forgot" : "auth",
    tab: tabValue === "register" || tabValue === "signup" ? "register" : "login",
    resetToken:
      search.get("token") ?? fromHash.get("token") ?? fromHash.get("access_token") ?? null,
    email: search.get("email") ?? "",
  };
}

/** The address of what the screen shows (the Login or Register tab, or the forgot stage), so the
 * address bar and a reload agree with the screen. Keeps `next` and `email`; drops a used token. */
export function signInSearchFor(
  current: URLSearchParams,
  shown: AuthTab | "forgot",
): URLSearchParams {
  const search = new URLSearchParams(current);
  for (const key of ["tab", "auth", "stage", "token"]) search.delete(key);
  if (shown === "forgot") search.set("stage", "forgot");
  else search.set("tab", shown);
  return search;
}
