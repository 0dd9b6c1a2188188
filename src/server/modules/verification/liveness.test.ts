// The live check's rules (docs/profiles-and-media.md "Face verification") over readings made up
// for each case: one person's descriptor (or another's), a pose per frame.
import { describe, expect, it } from "vitest";
import type { FaceStep } from "../../../domain/face-liveness";
import { type FrameFace, judgeLiveness } from "./liveness";

const person = new Float32Array(128).fill(0.1);
const stranger = new Float32Array(128).fill(0.2);
const face = (yaw: number, smile = 0, descriptor = person): FrameFace => ({
  descriptor,
  pose: { yaw, smile },
});
const straight = face(0.52);
const left = face(0.66);
const right = face(0.38);
const smiling = face(0.53, 0.95);

describe("judgeLiveness", () => {
  it.each<[FaceStep[], FrameFace[][]]>([
    [
      ["straight", "left", "smile"],
      [[straight], [straight, left], [smiling]],
    ],
    [
      ["straight", "right", "left"],
      [[straight, straight], [right], [straight, left]],
    ],
    [
      ["straight", "smile", "right"],
      [[straight], [smiling], [right]],
    ],
  ])("passes a face that follows %j", (steps, frames) => {
    expect(judgeLiveness(steps, frames)).toEqual({ live: true, straight });
  });

  it("compares the most frontal neutral frame of the straight step", () => {
    const turned = face(0.62);
    const result = judgeLiveness(
      ["straight", "smile", "left"],
      [[turned, straight], [smiling], [face(0.75)]],
    );
    expect(result).toEqual({ live: true, straight });
  });

  it.each<[string, FaceStep[], FrameFace[][]]>([
    [
      "a still frame in every step",
      ["straight", "left", "smile"],
      [[straight], [straight], [straight]],
    ],
    ["a turn the wrong way", ["straight", "left", "smile"], [[straight], [right], [smiling]]],
    ["a turn too small", ["straight", "right", "smile"], [[straight], [face(0.45)], [smiling]]],
    [
      "a smile through the whole check",
      ["straight", "smile", "left"],
      [[smiling], [smiling], [left]],
    ],
    [
      "a head turned in the straight step",
      ["straight", "smile", "left"],
      [[face(0.7)], [smiling], [left]],
    ],
    ["a step without frames", ["straight", "smile", "left"], [[straight], [smiling]]],
  ])("refuses %s as not live", (_case, steps, frames) => {
    expect(judgeLiveness(steps, frames)).toEqual({ live: false, reason: "not_live" });
  });

  it("refuses a face that changes during the check", () => {
    const result = judgeLiveness(
      ["straight", "left", "smile"],
      [[straight], [left], [face(0.5, 0.9, stranger)]],
    );
    expect(result).toEqual({ live: false, reason: "face_changed" });
  });
});
