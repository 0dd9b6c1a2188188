// The one presentation of a moment in the app (domain/time-labels.ts `timeStamp`): '7m', '2d',
// then 'Nov 3' (or 'Nov 3, 2025') on screen, the full local date and time in the <time> element's
// tooltip, the exact instant in `dateTime`. The mail lists give spec-1 §2's label as `label`, the
// post page spec-2 §2's full date.
import { timeStamp } from "../../../domain/time-labels";

export function TimeStamp({
  at,
  now = new Date(),
  label,
  ago = false,
  className,
}: {
  /** ISO 8601, as the API sends it. */
  at: string;
  now?: Date;
  /** Shown instead of the app's short form, where a spec fixes the words. */
  label?: string;
  /** In a sentence: '3d ago' while relative, the day alone ('Nov 3') after a week. */
  ago?: boolean;
  className?: string;
}) {
  const { short, full, relative } = timeStamp(new Date(at), now);
  return (
    <time dateTime={at} title={full} className={className}>
      {label ?? (ago && relative ? `${short} ago` : short)}
    </time>
  );
}
