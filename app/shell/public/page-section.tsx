import type { ReactNode } from 'react';
import * as s from './page.css';

/**
 * One band of a public page: a titled section on the plain or the alternate background, with an
 * optional eyebrow line above the title. `titleId` labels the section for assistive technology.
 */
export function PageSection({
  id,
  alt = false,
  titleId,
  eyebrow,
  title,
  children,
}: {
  id?: string;
  alt?: boolean;
  titleId: string;
  eyebrow?: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} className={alt ? s.sectionAlt : s.section} aria-labelledby={titleId}>
      <div className={s.container}>
        {eyebrow ? <p className={s.eyebrow}>{eyebrow}</p> : null}
        <h2 id={titleId} className={s.h2}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
