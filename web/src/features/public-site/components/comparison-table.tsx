const ROWS = [
  'Exclusive Leads',
  'No Monthly Fees',
  'Smart Matching',
  'Real-Time Notifications',
  'Direct Customer Contact',
] as const;
// What the three unnamed competitors offer, row by row (us: every row).
const COMPETITORS: ReadonlyArray<ReadonlyArray<boolean>> = [
  [false, false, true, true, false],
  [false, true, false, false, true],
  [false, false, false, true, false],
];

function Mark({ yes }: { yes: boolean }) {
  return (
    <span className={yes ? 'mark-yes' : 'mark-no'}>
      <span aria-hidden="true">{yes ? '✓' : '✗'}</span>
      <span className="visually-hidden">{yes ? 'Yes' : 'No'}</span>
    </span>
  );
}

/** The comparison against three unnamed competitors. */
export function ComparisonTable() {
  return (
    <section className="comparison" aria-labelledby="compare-title">
      <h2 id="compare-title">How We Compare</h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="compare-title">
        <table>
          <caption className="muted">Us against three other lead services (A, B and C)</caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col">Us</th>
              {['A', 'B', 'C'].map((letter) => (
                <th scope="col" key={letter}>
                  <span className="visually-hidden">Competitor </span>
                  <span aria-hidden="true" className="comp-short">
                    Comp.{' '}
                  </span>
                  {letter}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row, r) => (
              <tr key={row}>
                <th scope="row">{row}</th>
                <td>
                  <Mark yes />
                </td>
                {COMPETITORS.map((c, i) => (
                  <td key={i}>
                    <Mark yes={c[r]!} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
