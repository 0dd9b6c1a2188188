// /api/account/email (docs/accounts.md "Changing the e-mail") — thin handlers.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  emailChangeBody,
  emailChangeCodeBody,
  emailChangeCodeResponse,
  emailChangeResponse,
} from "../../../domain/contracts/email-change";
import type { WithContext } from "../../context";
import { clientIp, setCookies, webHeaders } from "../../http/request";
import { signedIn } from "../../http/viewer";
import { confirmEmailChange, requestEmailChange } from "./email-change";

export const emailChangeRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["account"];

  app.post(
    "/code",
    {
      ...signedIn,
      schema: { tags, body: emailChangeCodeBody, response: { 200: emailChangeCodeResponse } },
    },
    async (request) =>
      requestEmailChange(ctx, { headers: webHeaders(request), newEmail: request.body.newEmail }),
  );

  app.post(
    "/",
    {
      ...signedIn,
      schema: { tags, body: emailChangeBody, response: { 200: emailChangeResponse } },
    },
    async (request, reply) => {
      const result = await confirmEmailChange(ctx, {
        ...request.body,
        headers: webHeaders(request),
        ip: clientIp(request),
      });
      return setCookies(reply, result.setCookies).send(result.body);
    },
  );
};
