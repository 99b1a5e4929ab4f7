import type { AnyRoute } from '@tanstack/react-router';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Observable } from 'rxjs';
import type { CapabilitiesDto, WorkspaceSettings } from '../schema/workspaces/workspaces';
import type { CollectionName, DocOf, UserData } from './data/db';

/**
 * Something a module shows on a shared calendar (the planner's): one day, or a span of days.
 * `link` is a path inside the app, opened with the router.
 */
export interface CalendarEntry {
  /** Unique across every source: `<collection>:<id>` (or more when one record gives several). */
  key: string;
  /** YYYY-MM-DD. */
  date: string;
  /** YYYY-MM-DD, for an entry over several days. */
  endDate?: string;
  /** HH:MM. */
  time?: string;
  title: string;
  /** What it is, in words ("Invoice due", "Quote expires"): also the entry's accessible prefix. */
  kind: string;
  color: string;
  link?: string;
}

/** A module's contribution to the calendar: its entries from the device database, kept live. */
export type CalendarSource = (data: UserData, workspaceId: number) => Observable<CalendarEntry[]>;

/** How the shared sync screens name a module's records (the conflict log, the refused list). */
export interface CollectionInfo<N extends CollectionName> {
  /** "Invoice", "Planner item". */
  label: string;
  /** What a person calls one record (a contact's name, an item's title). */
  recordName?: (doc: DocOf[N]) => string | undefined;
}

export type DashboardCard = LazyExoticComponent<ComponentType<{ workspaceId: number }>>;

/** What a module's section of the workspace settings page is given. */
export interface SettingsSectionProps {
  workspaceId: number;
  /** Owners and admins change settings; other members only read them. */
  canEdit: boolean;
}

/**
 * A module's card on the workspace settings page (the invoice defaults, the till, storage, document
 * numbers). `place: 'settings'`: among the sections that edit the workspace's settings, drawn once
 * those have loaded and given them; `'after'`: after them, on its own.
 */
export type SettingsSection = {
  /** Where it sits among every module's sections (ascending), so the page reads the same whatever the module order. */
  order: number;
  /** Shown only to those who can edit. */
  editorsOnly?: boolean;
} & (
  | { place: 'settings'; component: LazyExoticComponent<ComponentType<SettingsSectionProps & { settings: WorkspaceSettings }>> }
  | { place: 'after'; component: LazyExoticComponent<ComponentType<SettingsSectionProps>> }
);

/** A line of the dashboard's "Today" card (takings at the till, invoices waiting), from the device database. */
export type TodayFigure = LazyExoticComponent<ComponentType<{ data: UserData; workspaceId: number }>>;

/**
 * Work a module does whenever a workspace is open online (and again on reconnecting): loaded
 * lazily, then run with the device database.
 */
export type WorkspaceTask = () => Promise<(data: UserData, workspaceId: number) => Promise<unknown>>;

/**
 * One module of the workspace (DESIGN.md §12): everything the shared shell needs to know about it.
 * A module exports one of these (`app/features/<module>/module.ts`) and is listed once in
 * `app/modules.ts`; the route tree, the workspace navigation, the dashboard, the sync screens and the
 * planner's calendar are built from that list. The shell reads the list through
 * `app/kit/installed-modules.ts` (it imports no module). Keep it light: it is loaded with the app's entry, so
 * pages, cards and calendar sources are imported lazily.
 */
export interface AppModule {
  id: string;
  /** Pages under /workspace/{id} (children of `workspaceRoute`). */
  routes: readonly AnyRoute[];
  /**
   * Public pages anyone can open without signing in (children of `rootRoute`: `/events`,
   * `/classifieds/…`), lazily loaded so they never grow the landing page's entry chunk.
   */
  publicRoutes?: readonly AnyRoute[];
  /** The workspace navigation's entry; `needs` hides it unless the plan includes that feature. */
  nav?: { label: string; to: string; needs?: keyof CapabilitiesDto['features'] };
  dashboardCards?: readonly DashboardCard[];
  /** Its cards on the workspace settings page. */
  settingsSections?: readonly SettingsSection[];
  /** Its lines in the dashboard's "Today" card, in module order. */
  todayFigures?: readonly TodayFigure[];
  /** What runs while a workspace is open online (keeping document numbers in stock). */
  workspaceTasks?: readonly WorkspaceTask[];
  /** The replicated collections it owns, as the shared screens name them. */
  collections?: { [N in CollectionName]?: CollectionInfo<N> };
  /** What it adds to the planner's calendar. */
  calendar?: () => Promise<CalendarSource>;
}

/** Declares a module, keeping its routes' own types (the router's typed links depend on them). */
export function defineModule<const M extends AppModule>(module: M): M {
  return module;
}
