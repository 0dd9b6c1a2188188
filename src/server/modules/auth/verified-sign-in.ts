// A sign-in the auth library did not check itself: our code has verified the person another way
// (a passkey, docs/accounts.md "Passkeys") and asks the library for a session and its cookie. The
// endpoint is server-only: no HTTP route reaches it.
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

export const verifiedSignIn = () =>
  ({
    id: "verified-sign-in",
    endpoints: {
      signInVerified: createAuthEndpoint.serverOnly(
        { method: "POST", body: z.object({ userId: z.string() }) },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError("BAD_REQUEST", { code: "USER_NOT_FOUND" });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
