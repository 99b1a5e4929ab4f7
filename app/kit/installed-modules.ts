import type { AppModule } from '../module';

/**
 * The workspace modules as the shared screens see them (navigation, dashboard, settings, sync
 * screens, the planner's calendar). `app/router.tsx` hands over the list of `app/modules.ts` when
 * the route tree is built, so nothing loaded lazily under a workspace imports the module list back:
 * each module's routes hang under the workspace route, whose layout would otherwise close a loop.
 */
let installed: readonly AppModule[] = [];

export function installModules(modules: readonly AppModule[]): void {
  installed = modules;
}

export function installedModules(): readonly AppModule[] {
  return installed;
}
