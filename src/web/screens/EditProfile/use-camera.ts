// The front camera for face verification (spec-2 §2, §8): started on request, and every track is
// stopped when asked or when the component goes away, so the camera light never stays on.
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { CAPTURE_JPEG_QUALITY } from "../../../domain/face-match";

export function useCamera(video: RefObject<HTMLVideoElement | null>) {
  const stream = useRef<MediaStream | null>(null);
  const [on, setOn] = useState(false);

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (video.current) video.current.srcObject = null;
    setOn(false);
  }, [video]);

  /** Resolves false when the camera was blocked or failed. */
  const start = useCallback(async (): Promise<boolean> => {
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "user", width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      stop();
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play();
      }
      setOn(true);
      return true;
    } catch {
      stop();
      return false;
    }
  }, [stop, video]);

  /** The current frame as a JPEG at most `maxSide` px on its longer side, as the camera takes it
   * (not mirrored like the preview), or null when no frame can be read. */
  const capture = useCallback(
    async (maxSide: number): Promise<Blob | null> => {
      const element = video.current;
      if (!element || !stream.current || element.videoWidth === 0) return null;
      const scale = Math.min(1, maxSide / Math.max(element.videoWidth, element.videoHeight));
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(element.videoWidth * scale);
      canvas.height = Math.round(element.videoHeight * scale);
      const context = canvas.getContext("2d");
      if (!context) return null;
      context.drawImage(element, 0, 0, canvas.width, canvas.height);
      return new Promise((resolve) =>
        canvas.toBlob((blob) => resolve(blob), "image/jpeg", CAPTURE_JPEG_QUALITY),
      );
    },
    [video],
  );

  useEffect(() => stop, [stop]);

  return { on, start, stop, capture };
}
