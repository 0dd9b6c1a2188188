// /api/auth/* — thin handlers: validate with the shared contract, call one service function, answer.
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  emailOnlyBody,
  loginBody,
  okResponse,
  registerBody,
  registerResponse,
  resendCodeResponse,
  resetPasswordBody,
  sessionResponse,
  validateEmailBody,
  validateEmailResponse,
  verifyCodeBody,
  verifyCodeResponse,
} from "../../../domain/contracts/auth";
import {
  passkeySignInBody,
  passkeySignInOptionsResponse,
  passkeySignInResponse,
} from "../../../domain/contracts/passkeys";
import {
  loginResponse,
  secondFactorResponse,
  twoFactorSignInBody,
} from "../../../domain/contracts/two-factor";
import type { WithContext } from "../../context";
import { clientIp, setCookies, webHeaders } from "../../http/request";
import { resendCode, verifyCode } from "./email-code";
import { checkEmail } from "./email-policy";
import { passkeySignInOptions, signInWithPasskey } from "./passkey-sign-in";
import { forgotPassword, resetPassword } from "./password-reset";
import { register } from "./registration";
import { currentSession, login, logout, verifySecondFactor } from "./sign-in";

export const authRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx: deps }) => {
  const tags = ["auth"];

  app.post(
    "/validate-email",
    { schema: { tags, body: validateEmailBody, response: { 200: validateEmailResponse } } },
    async (request) => checkEmail(request.body.email, deps.config.mailDomain),
  );

  app.post(
    "/register",
    { schema: { tags, body: registerBody, response: { 201: registerResponse } } },
    async (request, reply) => {
      const result = await register(deps, { ...request.body, ip: clientIp(request) });
      return setCookies(reply, result.setCookies).status(201).send(result.body);
    },
  );

  app.post(
    "/verify-code",
    { schema: { tags, body: verifyCodeBody, response: { 200: verifyCodeResponse } } },
    async (request) =>
      verifyCode(deps, {
        ...request.body,
        ip: clientIp(request),
        cookieHeader: request.headers.cookie,
      }),
  );

  app.post(
    "/resend-code",
    { schema: { tags, body: emailOnlyBody, response: { 200: resendCodeResponse } } },
    async (request) => resendCode(deps, request.body.email),
  );

  app.post(
    "/login",
    {
      // login-guard.ts spends the login budgets per IP and per account and IP, not the visitor's.
      config: { ownIpBudget: true },
      schema: { tags, body: loginBody, response: { 200: loginResponse } },
    },
    async (request, reply) => {
      const result = await login(deps, {
        ...request.body,
        ip: clientIp(request),
        headers: webHeaders(request),
      });
      return setCookies(reply, result.setCookies).send(result.body);
    },
  );

  app.post(
    "/two-factor",
    {
      schema: {
        tags,
        body: twoFactorSignInBody,
        response: { 200: secondFactorResponse },
      },
    },
    async (request, reply) => {
      const result = await verifySecondFactor(deps, {
        ...request.body,
        ip: clientIp(request),
        headers: webHeaders(request),
      });
      return setCookies(reply, result.setCookies).send(result.body);
    },
  );

  app.post(
    "/passkey/options",
    { schema: { tags, response: { 200: passkeySignInOptionsResponse } } },
    async () => passkeySignInOptions(deps, new Date()),
  );

  app.post(
    "/passkey",
    {
      config: { ownIpBudget: true },
      schema: { tags, body: passkeySignInBody, response: { 200: passkeySignInResponse } },
    },
    async (request, reply) => {
      const result = await signInWithPasskey(deps, {
        challengeId: request.body.challengeId,
        // The outline is checked by the contract; the WebAuthn library checks the rest.
        credential: request.body.credential as unknown as AuthenticationResponseJSON,
        ip: clientIp(request),
        headers: webHeaders(request),
        now: new Date(),
      });
      return setCookies(reply, result.setCookies).send(result.body);
    },
  );

  app.post(
    "/logout",
    { schema: { tags, response: { 200: okResponse } } },
    async (request, reply) => {
      const result = await logout(deps, webHeaders(request));
      return setCookies(reply, result.setCookies).send(result.body);
    },
  );

  app.get(
    "/session",
    { schema: { tags, response: { 200: sessionResponse } } },
    async (request, reply) => {
      const result = await currentSession(deps, webHeaders(request));
      reply.header("cache-control", "no-store");
      return setCookies(reply, result.setCookies).send(result.body);
    },
  );

  app.post(
    "/forgot-password",
    { schema: { tags, body: emailOnlyBody, response: { 200: okResponse } } },
    async (request) => forgotPassword(deps, request.body.email),
  );

  app.post(
    "/reset-password",
    { schema: { tags, body: resetPasswordBody, response: { 200: okResponse } } },
    async (request) => resetPassword(deps, request.body),
  );
};
