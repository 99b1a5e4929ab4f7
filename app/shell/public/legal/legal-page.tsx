import type { ReactNode } from 'react';
import { PublicLayout } from '../layout/public-layout';
import { usePageMeta } from '../../../kit/page-meta';
import * as p from '../page.css';
import * as s from './legal.css';

/** Both legal documents were last revised together (spec §1). */
export const LEGAL_LAST_UPDATED = 'May 20, 2025';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A numbered legal document with a table of contents (the /terms and /privacy pages). */
export function LegalPage(props: {
  title: string;
  description: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  usePageMeta({ title: props.title, description: props.description });
  return (
    <PublicLayout>
      <article className={p.section}>
        <div className={s.doc}>
          <h1 className={p.h1}>{props.title}</h1>
          <p className={s.updated}>Last updated: {props.lastUpdated}</p>
          <div className={s.intro}>{props.intro}</div>
          <nav aria-label="Contents" className={s.toc}>
            <h2 className={s.tocTitle}>Contents</h2>
            <ol>
              {props.sections.map((sec, i) => (
                <li key={sec.title}>
                  <a href={`#section-${i + 1}`}>{sec.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          {props.sections.map((sec, i) => (
            <section key={sec.title} id={`section-${i + 1}`} className={s.sec} aria-labelledby={`section-${i + 1}-title`}>
              <h2 id={`section-${i + 1}-title`} className={s.secTitle}>
                {i + 1}. {sec.title}
              </h2>
              {sec.body}
            </section>
          ))}
        </div>
      </article>
    </PublicLayout>
  );
}
