import { useId } from "react";

export interface ChartBar {
  label: string;
  /** What the bar's length shows. */
  value: number;
  /** The row's figures as written, in the order of the chart's `columns` after the first. */
  figures: string[];
}

interface BarChartProps {
  title: string;
  /** A sentence or two for screen readers saying what the chart shows (its gist, not every bar). */
  description: string;
  /** Headers of the figures table: the bars' labels first, then each figure. */
  columns: string[];
  bars: ChartBar[];
  /** Shown instead of the chart when there are no bars. */
  empty?: string;
}

// Each bar is a row: its label and figures on one line, the bar below. Lengths are percentages of
// the chart's width and text keeps its size, so the chart fits any width, 360 px phones included.
const ROW_HEIGHT = 40;
const TEXT_BASELINE = 15;
const BAR_TOP = 22;
const BAR_HEIGHT = 12;
// Longer labels are cut short in the chart (the figures table has them whole), so that a label and
// its figures share a line on a 360 px phone.
const LABEL_MAX = 24;
const chartLabel = (label: string) => (label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX - 1).trimEnd()}…` : label);

/**
 * A horizontal bar chart drawn as plain SVG: an image with its title and description for screen
 * readers, and every figure in a table under "Show the figures" (the text alternative).
 */
export function BarChart({ title, description, columns, bars, empty = "Nothing to show yet." }: BarChartProps) {
  const id = useId();
  const largest = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <figure className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5">
      <figcaption className="text-lg font-bold">{title}</figcaption>
      {bars.length === 0 ? (
        <p className="mt-3 text-slate-700">{empty}</p>
      ) : (
        <>
          <svg
            role="img"
            aria-labelledby={`${id}-title ${id}-description`}
            width="100%"
            height={bars.length * ROW_HEIGHT}
            className="mt-4 block text-[13px]"
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-description`}>{description}</desc>
            {bars.map((bar, index) => {
              const top = index * ROW_HEIGHT;
              const share = largest > 0 ? (bar.value / largest) * 100 : 0;
              return (
                <g key={bar.label}>
                  <text x="0" y={top + TEXT_BASELINE} className="fill-slate-800">
                    {chartLabel(bar.label)}
                  </text>
                  <text x="100%" y={top + TEXT_BASELINE} textAnchor="end" className="fill-slate-800 font-semibold">
                    {bar.figures.join(" · ")}
                  </text>
                  <rect x="0" y={top + BAR_TOP} width="100%" height={BAR_HEIGHT} rx="3" className="fill-slate-100" />
                  <rect x="0" y={top + BAR_TOP} width={`${share}%`} height={BAR_HEIGHT} rx="3" className="fill-brand-600" />
                </g>
              );
            })}
          </svg>
          <FiguresTable title={title} columns={columns} bars={bars} />
        </>
      )}
    </figure>
  );
}

/** Every figure of a chart in a table under "Show the figures" (the chart's text alternative). */
function FiguresTable({ title, columns, bars }: Pick<BarChartProps, "title" | "columns" | "bars">) {
  return (
    <details className="mt-4">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">Show the figures</summary>
      <table className="mt-2 w-full text-left text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="border-b border-slate-200 py-1 pr-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <th scope="row" className="py-1 pr-3 font-normal">
                {bar.label}
              </th>
              {bar.figures.map((figure, index) => (
                <td key={columns[index + 1]} className="py-1 pr-3 tabular-nums">
                  {figure}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

const COLUMNS_HEIGHT = 120;

/**
 * Values over consecutive days as vertical columns, oldest on the left, scaled to the largest; an
 * image with its title and description for screen readers and the figures in a table. 30 columns
 * fit a 360 px phone.
 */
export function ColumnChart({ title, description, columns, bars }: Omit<BarChartProps, "empty">) {
  const id = useId();
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  const width = 100 / Math.max(1, bars.length);
  return (
    <figure className="min-w-0">
      <figcaption className="sr-only">{title}</figcaption>
      <svg role="img" aria-labelledby={`${id}-title ${id}-description`} width="100%" height={COLUMNS_HEIGHT} className="block">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-description`}>{description}</desc>
        <rect x="0" y={COLUMNS_HEIGHT - 1} width="100%" height="1" className="fill-slate-300" />
        {bars.map((bar, index) => {
          const height = (bar.value / largest) * (COLUMNS_HEIGHT - 4);
          return (
            <rect
              key={bar.label}
              x={`${index * width + width * 0.15}%`}
              y={COLUMNS_HEIGHT - 1 - height}
              width={`${width * 0.7}%`}
              height={height}
              rx="2"
              className="fill-brand-600"
            />
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>{bars[0]?.label}</span>
        <span>{bars.at(-1)?.label}</span>
      </div>
      <FiguresTable title={title} columns={columns} bars={bars} />
    </figure>
  );
}
