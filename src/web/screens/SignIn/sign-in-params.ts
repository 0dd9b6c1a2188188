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
