// One live face check (domain/face-liveness.ts): a challenge from the server, each of its prompts
// shown for FACE_STEP_MS with frames taken at FACE_FRAME_AT_MS, then every frame to the server,
// which decides. Stopping the camera or closing the dialog ends a check under way.
import { useCallback, useEffect, useRef, useState } from "react";
import {
  FACE_FRAME_AT_MS,
  FACE_FRAME_MAX_SIDE,
  FACE_PROMPTS,
  FACE_STEP_MS,
} from "../../../domain/face-liveness";
import { requestFaceChallenge } from "../../state/queries/verification";

export interface FacePrompt {
  step: number;
  of: number;
  text: string;
}

export type FaceCheckFrames =
  | { kind: "frames"; challenge: string; frames: Blob[][] }
  | { kind: "capture-failed" }
  | { kind: "stopped" };

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, Math.max(0, ms)));

export function useFaceCheck(capture: (maxSide: number) => Promise<Blob | null>) {
  const [prompt, setPrompt] = useState<FacePrompt | null>(null);
  const running = useRef(false);

  const stop = useCallback(() => {
    running.current = false;
    setPrompt(null);
  }, []);
  useEffect(() => stop, [stop]);

  /** Takes the frames of a new challenge; throws the server's refusal of the challenge. */
  const record = useCallback(async (): Promise<FaceCheckFrames> => {
    running.current = true;
    try {
      const challenge = await requestFaceChallenge();
      const frames: Blob[][] = [];
      for (const [index, step] of challenge.steps.entries()) {
        setPrompt({ step: index + 1, of: challenge.steps.length, text: FACE_PROMPTS[step] });
        const started = performance.now();
        const taken: Blob[] = [];
        for (const at of FACE_FRAME_AT_MS) {
          await wait(at - (performance.now() - started));
          if (!running.current) return { kind: "stopped" };
          const frame = await capture(FACE_FRAME_MAX_SIDE);
          if (!frame) return { kind: "capture-failed" };
          taken.push(frame);
        }
        frames.push(taken);
        await wait(FACE_STEP_MS - (performance.now() - started));
      }
      return running.current
        ? { kind: "frames", challenge: challenge.id, frames }
        : { kind: "stopped" };
    } finally {
      stop();
    }
  }, [capture, stop]);

  return { prompt, record, stop };
}
