// /api/verification/* — face verification (spec-2 §2, §5): start a live face check, POST its
// frames, read one's own capture.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  captureParams,
  faceChallengeResponse,
  faceVerificationResponse,
} from "../../../domain/contracts/verification";
import type { WithContext } from "../../context";
import { readFaceFrames } from "../../http/upload";
import { me, signedIn } from "../../http/viewer";
import { readCapture, startFaceCheck, verifyFace } from "./service";

export const verificationRoutes: FastifyPluginAsyncZod<WithContext> = async (app, { ctx }) => {
  const tags = ["verification"];

  app.post(
    "/face/challenge",
    { ...signedIn, schema: { tags, response: { 200: faceChallengeResponse } } },
    async (request) => startFaceCheck(ctx, { viewerId: me(request) }),
  );

  app.post(
    "/face",
    {
      ...signedIn,
      schema: {
        tags,
        consumes: ["multipart/form-data"],
        response: { 200: faceVerificationResponse },
      },
    },
    async (request) =>
      ctx.uploads.run(me(request), async () => {
        const { challenge, frames } = await readFaceFrames(request);
        return verifyFace(ctx, { viewerId: me(request), challenge, frames });
      }),
  );

  app.get(
    "/captures/:user/:file",
    { ...signedIn, schema: { tags, params: captureParams } },
    async (request, reply) => {
      const bytes = await readCapture(ctx, { viewerId: me(request), name: request.params });
      return reply
        .type("image/jpeg")
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .send(bytes);
    },
  );
};
