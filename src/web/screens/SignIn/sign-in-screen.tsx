// /signup (spec-1 §2, §4): the stages auth (Login | Register), forgot, reset and otp. Also
// rendered in place by guarded routes, with `next` set to the guarded path.
import { Tabs } from "radix-ui";
import { useState } from "react";
import { Navigate, useLocation, useSearchParams } from "react-router";
import { safeNextPath } from "../../../domain/safe-next";
import { Page } from "../../components/layout/page";
import { useStaticPageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { useSessionUser } from "../../state/queries/session";
import { ForgotForm } from "./forgot-form";
import { LoginForm } from "./login-form";
import { OtpStage } from "./otp-stage";
import { RegisterForm } from "./register-form";
import { ResetForm } from "./reset-form";
import { type AuthTab, readSignInParams, signInSearchFor } from "./sign-in-params";

type Stage =
  | { name: "auth"; tab: AuthTab }
  | { name: "forgot" }
  | { name: "reset"; token: string | null }
  | { name: "otp"; email: string; resendAfterSeconds: number };

const tabClass =
  "min-h-10 flex-1 rounded-full text-sm font-semibold text-neutral-600 data-[state=active]:bg-white data-[state=active]:text-neutral-900 data-[state=active]:shadow-sm dark:text-neutral-400 dark:data-[state=active]:bg-neutral-950 dark:data-[state=active]:text-white";

export function SignInScreen({ next: guardedNext }: { next?: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const { user } = useSessionUser();
  const { siteName } = useSite();
  const embedded = guardedNext !== undefined;
  // In place of a guarded page, that page keeps its own title.
  useStaticPageMeta(embedded ? null : "signup");

  const [initial] = useState(() =>
    embedded
      ? readSignInParams(new URLSearchParams(), "")
      : readSignInParams(searchParams, location.hash),
  );
  const [stage, setStage] = useState<Stage>(() => {
    if (initial.stage === "reset") return { name: "reset", token: initial.resetToken };
    if (initial.stage === "forgot") return { name: "forgot" };
    return { name: "auth", tab: initial.tab };
  });
  const [email, setEmail] = useState(initial.email);
  const next = safeNextPath(guardedNext ?? searchParams.get("next"));

  /** Shows a tab or the forgot stage; the address follows (not when embedded by a guard). */
  const show = (shown: AuthTab | "forgot") => {
    setStage(shown === "forgot" ? { name: "forgot" } : { name: "auth", tab: shown });
    if (!embedded) setSearchParams((current) => signInSearchFor(current, shown), { replace: true });
  };
  const toLogin = () => show("login");

  // Someone already signed in has nothing to do on the auth stage.
  if (user && stage.name === "auth" && !embedded) return <Navigate to={next} replace />;

  return (
    <Page width="sm">
      <div className="rounded-3xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-8 dark:border-neutral-800 dark:bg-neutral-900">
        {stage.name === "auth" ? (
          <div className="space-y-6">
            <div className="space-y-1 text-center">
              <h1 className="text-2xl font-bold">
                {stage.tab === "login" ? "Welcome back" : `Join ${siteName}`}
              </h1>
              <p className="text-neutral-600 dark:text-neutral-400">
                {embedded ? "Sign in to continue." : "Brand your username and connect with people."}
              </p>
            </div>
            <Tabs.Root value={stage.tab} onValueChange={(tab) => show(tab as AuthTab)}>
              <Tabs.List
                aria-label="Sign in or create an account"
                className="mb-6 flex gap-1 rounded-full bg-neutral-100 p-1 dark:bg-neutral-800"
              >
                <Tabs.Trigger value="login" className={tabClass}>
                  Login
                </Tabs.Trigger>
                <Tabs.Trigger value="register" className={tabClass}>
                  Register
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="login">
                <LoginForm
                  email={email}
                  onEmailChange={setEmail}
                  next={next}
                  onForgot={() => show("forgot")}
                />
              </Tabs.Content>
              <Tabs.Content value="register">
                <RegisterForm
                  email={email}
                  onEmailChange={setEmail}
                  onRegistered={(registered, resendAfterSeconds) => {
                    setEmail(registered);
                    setStage({ name: "otp", email: registered, resendAfterSeconds });
                  }}
                />
              </Tabs.Content>
            </Tabs.Root>
          </div>
        ) : null}
        {stage.name === "forgot" ? (
          <ForgotForm email={email} onEmailChange={setEmail} onBack={toLogin} />
        ) : null}
        {stage.name === "reset" ? (
          <ResetForm
            token={stage.token}
            // The address drops the used token (signInSearchFor), replacing its history entry.
            onDone={toLogin}
            onRequestNewLink={() => show("forgot")}
          />
        ) : null}
        {stage.name === "otp" ? (
          <OtpStage
            email={stage.email}
            resendAfterSeconds={stage.resendAfterSeconds}
            onVerified={toLogin}
            onUseDifferentEmail={() => show("register")}
          />
        ) : null}
      </div>
    </Page>
  );
}
