// The Face Verification dialog (spec-2 §2, §4, §8): start and stop the front camera, 'Capture &
// Verify', the captured snapshot and a result box. 'Capture & Verify' runs a live face check
// (use-face-check.ts): three prompts over the preview, a few frames of each; the server checks
// them and compares the face with the profile photo. Without a photo the dialog says 'Upload
// required'. Closing the dialog always releases the camera (the camera lives in the body,
// unmounted on close).
import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { FACE_MESSAGES } from "../../../domain/contracts/verification";
import { Button } from "../../components/controls/button";
import { Dialog } from "../../components/dialog/dialog";
import { ApiRequestError } from "../../lib/api";
import { useFaceVerificationMutation } from "../../state/queries/verification";
import { useCamera } from "./use-camera";
import { type FaceCheckFrames, useFaceCheck } from "./use-face-check";

type Result = { matched: true } | { matched: false; message: string };

function failureMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return FACE_MESSAGES.noUser;
    if (error.status === 422 || error.status === 429 || error.status === 409) return error.message;
  }
  return FACE_MESSAGES.failed;
}

function CameraPanel({ hasPhoto, onClose }: { hasPhoto: boolean; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const camera = useCamera(video);
  const check = useFaceCheck(camera.capture);
  const verify = useFaceVerificationMutation();
  const [recording, setRecording] = useState(false);
  const [snapshot, setSnapshot] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(
    () => () => {
      if (snapshot) URL.revokeObjectURL(snapshot);
    },
    [snapshot],
  );

  if (!hasPhoto) {
    return (
      <div className="flex flex-col gap-4">
        <p className="font-semibold">Upload required</p>
        <p className="text-sm text-neutral-600 dark:text-neutral-300">
          {FACE_MESSAGES.uploadRequired}
        </p>
        <Button variant="secondary" onClick={onClose} className="self-end">
          Close
        </Button>
      </div>
    );
  }

  const start = async () => {
    setProblem(null);
    if (!(await camera.start())) setProblem(FACE_MESSAGES.cameraFailed);
  };

  const stopCamera = () => {
    check.stop();
    camera.stop();
  };

  const captureAndVerify = async () => {
    setProblem(null);
    setResult(null);
    setRecording(true);
    let taken: FaceCheckFrames;
    try {
      taken = await check.record();
    } catch (error) {
      setResult({ matched: false, message: failureMessage(error) });
      return;
    } finally {
      setRecording(false);
    }
    if (taken.kind === "stopped") return;
    if (taken.kind === "capture-failed") {
      setProblem(FACE_MESSAGES.captureFailed);
      return;
    }
    const straight = taken.frames[0]?.[0];
    if (straight) setSnapshot(URL.createObjectURL(straight));
    try {
      const answer = await verify.mutateAsync(taken);
      setResult(
        answer.matched ? { matched: true } : { matched: false, message: FACE_MESSAGES.noMatch },
      );
      if (answer.matched) camera.stop();
    } catch (error) {
      setResult({ matched: false, message: failureMessage(error) });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {/* The whole frame is shown (contain, not cover): what is captured is what one sees, also
          when a phone's front camera gives a portrait picture. */}
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-neutral-900 dark:bg-neutral-950 dark:ring-1 dark:ring-neutral-700 dark:ring-inset">
        <video
          ref={video}
          playsInline
          muted
          aria-label="Camera preview"
          className="size-full -scale-x-100 object-contain"
        />
        {!camera.on && (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-neutral-300">
            Camera is off
          </p>
        )}
        <div
          aria-live="assertive"
          className="absolute inset-x-0 bottom-0 empty:hidden bg-black/65 px-3 py-2 text-center text-white"
        >
          {check.prompt && (
            <>
              <p className="text-xs text-neutral-200">
                Step {check.prompt.step} of {check.prompt.of}
              </p>
              <p className="text-lg font-semibold">{check.prompt.text}</p>
            </>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {camera.on ? (
          <Button variant="secondary" onClick={stopCamera}>
            Stop camera
          </Button>
        ) : (
          <Button variant="secondary" onClick={start}>
            Start camera
          </Button>
        )}
        <Button onClick={captureAndVerify} disabled={!camera.on || recording || verify.isPending}>
          {recording ? "Follow the prompts…" : verify.isPending ? "Verifying…" : "Capture & Verify"}
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      {/* The snapshot beside its result, so both fit under the preview on a phone. */}
      <div className="flex items-start gap-3">
        {snapshot && (
          <img
            src={snapshot}
            alt="Captured snapshot"
            className="h-24 w-auto max-w-[40%] shrink-0 rounded-lg border border-neutral-200 object-cover dark:border-neutral-700"
          />
        )}
        <div aria-live="polite" className="min-w-0 flex-1">
          {result?.matched && (
            <p className="flex items-center gap-2 rounded-lg border border-emerald-600 bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
              <CheckCircle2 aria-hidden="true" size={18} className="shrink-0" />
              Face verified. Your profile now shows the black badge.
            </p>
          )}
          {result && !result.matched && (
            <p className="flex items-center gap-2 rounded-lg border border-red-600 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
              <XCircle aria-hidden="true" size={18} className="shrink-0" />
              {result.message}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

export function FaceVerificationDialog({
  open,
  onOpenChange,
  hasPhoto,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasPhoto: boolean;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Face Verification"
      description="Follow three short prompts in front of your camera. Your face is compared with your profile photo; a match earns the black badge. One frame is kept, visible only to you."
      layout="sheet"
      width="lg"
    >
      {/* The sheet is at most 85% of the screen high: on a small phone the body scrolls. */}
      <div className="min-h-0 overflow-y-auto p-5">
        {open && <CameraPanel hasPhoto={hasPhoto} onClose={() => onOpenChange(false)} />}
      </div>
    </Dialog>
  );
}
