import { useId } from 'react';

export interface Bar {
  /** YYYY-MM-DD. */
  day: string;
  /** Stacked segments, bottom first; a null value is a day without data (no bar). */
  segments: { label: string; value: number | null; className: string }[];
}

const WIDTH = 600;
const HEIGHT = 160;

/**
 * A day-by-day bar chart drawn as SVG, named for assistive technology, with the same numbers in
 * a table beneath it (the text alternative, also what a keyboard or screen reader user reads).
 */
export function BarChart({
  title,
  summary,
  bars,
  max,
  format,
}: {
  title: string;
  /** One sentence with the chart's headline numbers, read as the image's description. */
  summary: string;
  bars: readonly Bar[];
  /** The top of the scale (e.g. 100 for percentages); by default the largest stack. */
  max?: number;
  format: (value: number) => string;
}) {
  const id = useId();
  const top = max ?? Math.max(1, ...bars.map((b) => b.segments.reduce((s, x) => s + (x.value ?? 0), 0)));
  const slot = WIDTH / bars.length;
  const legend = bars[0]?.segments ?? [];
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="chart-title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`} role="img" aria-labelledby={`${id}-title ${id}-summary`} className="chart-svg">
        <desc id={`${id}-summary`}>{summary}</desc>
        <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="chart-axis" />
        {bars.map((bar, i) => {
          let y = HEIGHT;
          return (
            <g key={bar.day}>
              {bar.segments.map((s) => {
                if (!s.value) return null;
                const h = (s.value / top) * (HEIGHT - 4);
                y -= h;
                return <rect key={s.label} x={i * slot + 2} y={y} width={Math.max(1, slot - 4)} height={h} className={s.className} />;
              })}
              {/* A date every week, counted back from the last day, which ends at the right edge. */}
              {(bars.length - 1 - i) % 7 === 0 ? (
                <text
                  x={i === bars.length - 1 ? WIDTH : i * slot + slot / 2}
                  y={HEIGHT + 15}
                  textAnchor={i === bars.length - 1 ? 'end' : 'middle'}
                  className="chart-label"
                >
                  {bar.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {legend.length > 1 ? (
        <ul className="chart-legend" aria-hidden="true">
          {legend.map((s) => (
            <li key={s.label}>
              <span className={`chart-swatch ${s.className}`} /> {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="chart-data">
        <summary>{title}: the numbers</summary>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              {legend.map((s) => (
                <th scope="col" key={s.label}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.day}>
                <th scope="row">{bar.day}</th>
                {bar.segments.map((s) => (
                  <td key={s.label}>{s.value === null ? '–' : format(s.value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
