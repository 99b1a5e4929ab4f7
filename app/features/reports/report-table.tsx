import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import * as w from '../../ui/page.css';
import { downloadCsv, tableCsv, type CsvCell } from './report-csv';
import * as s from './reports.css';

/** One column: its heading, what a row shows in it, and what the CSV holds (the plain amount, not "R 12.00"). */
export interface Column<R> {
  head: string;
  show: (row: R) => ReactNode;
  csv: (row: R) => CsvCell;
  numeric?: boolean;
}

/** A row of a table; `level: 'sub'` indents it under the row before (a variant under its product). */
export interface Row<R> {
  key: string;
  row: R;
  level?: 'main' | 'sub' | 'total';
}

/**
 * A report's section: its heading, a "Download CSV" of exactly the rows shown, what comes before the
 * table (a chart), and the table, which scrolls sideways in its own box on a phone (and by keyboard:
 * the box takes focus).
 */
export function ReportSection<R>({
  id,
  title,
  note,
  columns,
  rows,
  fileName,
  before,
  empty,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  columns: readonly Column<R>[];
  rows: readonly Row<R>[];
  fileName: string;
  before?: ReactNode;
  /** Said instead of the table when there are no rows. */
  empty: string;
}) {
  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId} data-testid={`report-${id}`}>
      <div className={s.sectionHead}>
        <h2 id={titleId} className={w.sectionTitle} style={{ margin: 0 }}>
          {title}
        </h2>
        <Button
          variant="secondary"
          isDisabled={rows.length === 0}
          aria-label={`Download CSV: ${title}`}
          onPress={() =>
            downloadCsv(
              fileName,
              tableCsv(
                columns.map((c) => c.head),
                rows.map((r) => columns.map((c) => c.csv(r.row))),
              ),
            )
          }
        >
          Download CSV
        </Button>
      </div>
      {note ? <p className={[w.muted, w.small].join(' ')}>{note}</p> : null}
      {rows.length === 0 ? (
        <p className={w.muted}>{empty}</p>
      ) : (
        <>
          {before}
          <div className={s.tableWrap} tabIndex={0} role="region" aria-labelledby={titleId}>
            <table className={s.table}>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.head} scope="col" className={[s.head, c.numeric ? s.num : ''].join(' ')}>
                      {c.head}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.key} className={r.level === 'total' ? s.total : undefined}>
                    {columns.map((c, i) =>
                      i === 0 ? (
                        <th
                          key={c.head}
                          scope="row"
                          className={[s.cell, r.level === 'sub' ? s.sub : '', r.level === 'total' ? s.total : ''].join(' ')}
                        >
                          {c.show(r.row)}
                        </th>
                      ) : (
                        <td key={c.head} className={[s.cell, c.numeric ? s.num : ''].join(' ')}>
                          {c.show(r.row)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
