import { availableModules, comingModules, type PublicModule } from './content';
import * as s from './page.css';

function ModuleTile({ module, coming }: { module: PublicModule; coming: boolean }) {
  return (
    <li className={s.tile} data-module={module.key} data-status={coming ? 'coming-soon' : 'available'}>
      {coming ? <span className={s.badge}>Coming soon</span> : null}
      <h3>{module.name}</h3>
      <p>{module.summary}</p>
    </li>
  );
}

/**
 * One card per workspace module of spec §1: the built ones first, then those still coming, each
 * marked "Coming soon" so nothing unbuilt reads as working.
 */
export function ModuleCards() {
  return (
    <div className={s.moduleGroups}>
      <ul className={s.grid} aria-label="Modules you can use today">
        {availableModules.map((m) => (
          <ModuleTile key={m.key} module={m} coming={false} />
        ))}
      </ul>
      <h3 className={s.moduleGroupTitle}>Coming soon</h3>
      <ul className={s.comingGrid} aria-label="Modules coming soon">
        {comingModules.map((m) => (
          <ModuleTile key={m.key} module={m} coming />
        ))}
      </ul>
    </div>
  );
}
