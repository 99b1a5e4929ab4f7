import { modules } from './content';
import * as s from './page.css';

/** One card per workspace module of spec §1. */
export function ModuleCards() {
  return (
    <ul className={s.grid} aria-label="Modules">
      {modules.map((m) => (
        <li key={m.key} className={s.tile} data-module={m.key}>
          <h3>{m.name}</h3>
          <p>{m.summary}</p>
        </li>
      ))}
    </ul>
  );
}
