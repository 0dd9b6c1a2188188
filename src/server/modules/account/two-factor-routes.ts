// /api/account/two-factor (docs/accounts.md "Two-factor authentication") — thin handlers.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  twoFactorDisableResponse,
  twoFactorEnableBody,
  twoFactorEnableResponse,
  twoFactorPasswordBody,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
} from "../../../domain/contracts/two-factor";
import type { WithContext } from "../../context";
import { clientIp, setCookies, webHeaders } from "../../http/request";
import { signedIn } from "../../http/viewer";
import * as twoFactor from "./two-factor";

export const twoFactorRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["account"];

  app.get(
    "/",
    { ...signedIn, schema: { tags, response: { 200: twoFactorStatusResponse } } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return twoFactor.twoFactorStatus(ctx, webHeaders(request));
    },
  );

  app.post(
    "/setup",
    {
      ...signedIn,
      schema: { tags, body: twoFactorPasswordBody, response: { 200: twoFactorSetupResponse } },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return twoFactor.setUpTwoFactor(ctx, {
        password: request.body.password,
        headers: webHeaders(request),
        ip: clientIp(request),
      });
    },
  );

  app.post(
    "/enable",
    {
      ...signedIn,
      schema: { tags, body: twoFactorEnableBody, response: { 200: twoFactorEnableResponse } },
    },
    async (request, reply) => {
      const result = await twoFactor.enableTwoFactor(ctx, {
        code: request.body.code,
        headers: webHeaders(request),
      });
      reply.header("cache-control", "private, no-store");
      return setCookies(reply, result.setCookies).send(result.body);
    },
  );

  app.post(
    "/disable",
    {
      ...signedIn,
      schema: { tags, body: twoFactorPasswordBody, response: { 200: twoFactorDisableResponse } },
    },
    async (request, reply) => {
      const result = await twoFactor.disableTwoFactor(ctx, {
        password: request.body.password,
        headers: webHeaders(request),
        ip: clientIp(request),
      });
      return setCookies(reply, result.setCookies).send(result.body);
    },
  );
};
