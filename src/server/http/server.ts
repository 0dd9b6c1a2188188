// The Fastify instance an app is built on (docs/architecture.md "Request path"): the front door
// before it, then the compilers, error handling, request ids and access log, security headers,
// the origin check, multipart uploads and the OpenAPI document, in that order.
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import { jsonSchemaTransform, serializerCompiler } from "fastify-type-provider-zod";
import type { Config } from "../config";
import type { Metrics } from "../infra/metrics";
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from "./error-handler";
import { FrontDoor } from "./front-door";
import { inputValidatorCompiler, registerJsonBody } from "./input";
import { registerMetrics } from "./metrics-route";
import { registerOriginCheck } from "./origin-check";
import { registerAccessLog, registerRequestIdHeader, requestIdOf } from "./request-id";
import {
  appSecurityOptions,
  registerSecurityHeaders,
  securityHeadersFor,
} from "./security-headers";

const JSON_BODY_LIMIT = 64 * 1024;

export async function createServer({
  config,
  logger,
  metrics,
}: {
  config: Config;
  logger: FastifyBaseLogger;
  metrics: Metrics;
}): Promise<{ app: FastifyInstance; door: FrontDoor }> {
  const securityHeaders = securityHeadersFor(appSecurityOptions(config.secureCookies));
  const door = new FrontDoor({
    log: logger,
    metrics,
    securityHeaders,
    trustProxy: config.trustProxy,
  });
  const app = Fastify({
    serverFactory: door.serverFactory,
    loggerInstance: logger,
    // One line per request instead, when it is answered (http/request-id.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    // A path parameter is read as sent, percent-encoded: a hashtag of TAG_MAX_LENGTH characters in
    // another script takes up to 9 bytes a character there (docs/feed.md "Hashtags").
    routerOptions: { maxParamLength: 1000 },
    trustProxy: config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
    genReqId: requestIdOf,
  });
  app.setValidatorCompiler(inputValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBody(app);
  registerErrorHandling(app);
  registerRequestIdHeader(app);
  registerAccessLog(app);

  registerSecurityHeaders(app, securityHeaders);
  registerOriginCheck(app, config);

  // One image per request (the frames of a live face check: http/upload.ts readFaceFrames); the
  // size limit of each kind is applied when the file is read.
  await app.register(multipart, {
    limits: { files: 1, fields: 2, parts: 3, fileSize: 8 * 1024 * 1024 },
  });

  await app.register(swagger, {
    openapi: { info: { title: `${config.siteName} API`, version: "1" } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  registerMetrics(app, metrics, config.metricsToken);
  return { app, door };
}
