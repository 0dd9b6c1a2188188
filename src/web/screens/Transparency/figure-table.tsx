// One table of the transparency report: a caption, what each row counts (with a line saying what
// it means) as its row header, the count at the right, and a total when the rows add up to one.
import type { ReactNode } from "react";

export interface FigureRow {
  label: string;
  /** What the row counts, in a sentence. */
  hint?: ReactNode;
  count: number;
}

const figure = (n: number) => n.toLocaleString("en");
const cell = "px-3 py-2.5 sm:px-4";

export function FigureTable({
  caption,
  heading,
  rows,
  total,
}: {
  caption: string;
  /** The heading of the rows' column ('Reason', 'Action'). */
  heading: string;
  rows: FigureRow[];
  /** The label of a total row, when the rows add up to one. */
  total?: string;
}) {
  return (
    <div className="overflow-hidden rounded-2xl border border-neutral-200 dark:border-neutral-800">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="bg-neutral-50 px-3 py-2.5 text-left font-semibold sm:px-4 dark:bg-neutral-900">
          {caption}
        </caption>
        <thead>
          <tr className="border-y border-neutral-200 text-xs tracking-wide text-neutral-600 uppercase dark:border-neutral-800 dark:text-neutral-400">
            <th scope="col" className={`${cell} font-medium`}>
              {heading}
            </th>
            <th scope="col" className={`${cell} text-right font-medium`}>
              Count
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className={`${cell} align-top font-normal`}>
                <span className="font-medium text-neutral-900 dark:text-neutral-100">
                  {row.label}
                </span>
                {row.hint ? (
                  <span className="mt-0.5 block text-xs text-neutral-600 dark:text-neutral-400">
                    {row.hint}
                  </span>
                ) : null}
              </th>
              <td className={`${cell} text-right align-top font-semibold tabular-nums`}>
                {figure(row.count)}
              </td>
            </tr>
          ))}
        </tbody>
        {total ? (
          <tfoot>
            <tr className="border-t-2 border-neutral-300 dark:border-neutral-700">
              <th scope="row" className={`${cell} font-semibold`}>
                {total}
              </th>
              <td className={`${cell} text-right font-bold tabular-nums`}>
                {figure(rows.reduce((sum, row) => sum + row.count, 0))}
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
