// Reads the one image of a multipart upload (field "file") with the limit of its kind.
import type { FastifyRequest } from "fastify";
import { ERROR_CODES } from "../../domain/contracts/errors";
import { AppError, badRequest } from "../errors";
import { IMAGE_LIMITS, type ImageKind } from "../infra/images";

export async function readUploadedImage(request: FastifyRequest, kind: ImageKind): Promise<Buffer> {
  const limit = IMAGE_LIMITS[kind];
  if (!request.isMultipart())
    throw badRequest(
      ERROR_CODES.validation,
      "Send the image as multipart/form-data in a field named file.",
    );
  const file = await request.file({ limits: { fileSize: limit.maxBytes, files: 1 } });
  if (file?.fieldname !== "file")
    throw badRequest(ERROR_CODES.validation, "Please choose an image.");
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError(413, ERROR_CODES.tooLarge, limit.tooLargeMessage);
    }
    throw error;
  }
}
