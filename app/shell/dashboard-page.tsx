import { getRouteApi, Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { installedModules } from '../kit/installed-modules';
import { workspaceType, type CapabilitiesDto, type WorkspaceDto, type WorkspaceUsage } from '../../schema/workspaces/workspaces';
import { plans } from '../../schema/billing/plans';
import { useAuth } from '../data/auth-store';
import { Card } from '../ui/card';
import { TodayGlance } from './today-glance';
import { Spinner } from '../ui/spinner';
import { Notice } from '../ui/feedback';
import { formatBytes, greeting } from '../kit/format';
import { useWorkspaceDates } from '../kit/date-format';
import { LinkButton } from '../routes/link-button';
import { planLabel, roleLabel } from './workspaces/plan-label';
import { serverMessage, useCapabilities, useWorkspace } from '../kit/workspace-queries';
import { workspaceTypeLabels } from './workspaces/workspace-types';
import * as s from '../ui/page.css';

const route = getRouteApi('/protected/workspace/$workspaceId/dashboard');

/** Every module's dashboard cards, in module order (app/modules.ts). */
function moduleCards() {
  return installedModules().flatMap((m) => m.dashboardCards ?? []);
}

/** /workspace/{id}/dashboard: who you are here, what the plan allows, where to go next. No invented numbers. */
export function DashboardPage() {
  const { workspaceId } = route.useParams();
  const { user } = useAuth();
  const workspace = useWorkspace(workspaceId);
  const caps = useCapabilities(workspaceId);
  if (!workspace.data) return null;
  const w = workspace.data;
  const firstName = user?.first_name ?? user?.full_name.split(' ')[0] ?? '';

  return (
    <>
      <header className={s.pageHeader}>
        <div>
          <h1 className={s.title}>
            {greeting(new Date())}
            {firstName ? `, ${firstName}` : ''}
          </h1>
          <p className={s.muted}>Here is {w.name} at a glance.</p>
        </div>
        <LinkButton variant="secondary" to="/workspace/$workspaceId/settings" params={{ workspaceId }}>
          Settings
        </LinkButton>
      </header>

      <div className={s.twoColumns}>
        <Summary workspace={w} />
        <Card aria-labelledby="plan-title">
          <h2 className={s.sectionTitle} id="plan-title">
            Plan and limits
          </h2>
          {caps.isPending ? (
            <Spinner label="Loading plan" />
          ) : caps.isError ? (
            <Notice tone="error" title="Could not load the plan">
              <p className={s.muted}>{serverMessage(caps.error)}</p>
            </Notice>
          ) : (
            <PlanLimits caps={caps.data} />
          )}
        </Card>
      </div>

      {moduleCards().map((ModuleCard, i) => (
        <Suspense key={i} fallback={<Spinner label="Loading" />}>
          <ModuleCard workspaceId={workspaceId} />
        </Suspense>
      ))}

      <Card aria-labelledby="links-title">
        <h2 className={s.sectionTitle} id="links-title">
          Quick links
        </h2>
        <div className={s.row}>
          <LinkButton variant="secondary" to="/workspace/$workspaceId/settings" params={{ workspaceId }}>
            Workspace settings
          </LinkButton>
          <LinkButton variant="secondary" to="/workspace/$workspaceId/settings" params={{ workspaceId }} hash="members">
            Invite your team
          </LinkButton>
          <LinkButton variant="secondary" to="/controlhub">
            My Workspaces
          </LinkButton>
          {w.plan === 'free' ? (
            <LinkButton variant="secondary" to="/settings" search={{ tab: 'subscription' }}>
              Compare plans
            </LinkButton>
          ) : null}
        </div>
      </Card>

      <TodayGlance workspaceId={workspaceId} />
    </>
  );
}

function Summary({ workspace: w }: { workspace: WorkspaceDto }) {
  const dates = useWorkspaceDates();
  const known = workspaceType.safeParse(w.type);
  const typeLabel = known.success ? workspaceTypeLabels[known.data] : w.type;
  const rows: Array<[string, string]> = [
    ['Your role', roleLabel(w.role)],
    ['Type', typeLabel ?? '—'],
    ['Industry', w.industry ?? '—'],
    ['Storefront', w.storefront_enabled ? 'On' : 'Off'],
    ['Created', dates.date(w.created_at)],
  ];
  return (
    <Card aria-labelledby="summary-title">
      <h2 className={s.sectionTitle} id="summary-title">
        {w.name}
      </h2>
      {w.description ? <p className={s.muted}>{w.description}</p> : null}
      <dl className={s.facts}>
        {rows.map(([k, v]) => (
          <div key={k} className={s.fact}>
            <dt className={s.muted}>{k}</dt>
            <dd className={s.factValue}>{v}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

type CountedLimit = Exclude<keyof CapabilitiesDto['limits'], 'storageBytes'>;
/** Each limit, with what the workspace uses of it where its own things count (the account's workspaces and credits are counted elsewhere). */
const limitLabels: ReadonlyArray<readonly [CountedLimit, string, keyof WorkspaceUsage | null]> = [
  ['workspaces', 'Workspaces', null],
  ['products', 'Products', 'products'],
  ['classifieds', 'Classified listings', 'classifieds'],
  ['events', 'Events', 'events'],
  ['aiCreditsPerMonth', 'AI credits per month', null],
];

function PlanLimits({ caps }: { caps: CapabilitiesDto }) {
  const dates = useWorkspaceDates();
  const planName = plans[caps.plan].name;
  const entries = limitLabels.map(([key, label, usageKey]) => {
    const value = caps.limits[key];
    const used = usageKey && caps.usage ? ` (${caps.usage[usageKey]} used)` : '';
    return [label, `${value === null ? `unlimited on ${planName}` : `up to ${value} on ${planName}`}${used}`] as const;
  });
  const storage = caps.limits.storageBytes;
  const storageUsed = caps.usage ? ` (${formatBytes(caps.usage.storageBytes)} used)` : '';
  return (
    <div className={s.stack}>
      <p className={s.row}>
        <span className={caps.plan === 'pro' ? s.badge.accent : s.badge.neutral}>{planLabel(caps.plan)}</span>
        {caps.plan === 'pro' && caps.trialEndsAt ? <span className={s.muted}>Trial ends {dates.date(caps.trialEndsAt)}</span> : null}
      </p>
      <ul className={s.bullets}>
        {entries.map(([label, text]) => (
          <li key={label}>
            {label}: {text}
          </li>
        ))}
        <li>
          Storage: {storage === null ? 'unlimited' : formatBytes(storage)}
          {storageUsed}
        </li>
        <li>Social media scheduling: {caps.features.socialScheduling ? 'included' : 'not included'}</li>
        <li>API access: {caps.features.apiAccess ? 'included' : 'not included'}</li>
      </ul>
      {caps.plan === 'free' ? (
        <p className={s.muted}>
          Need more?{' '}
          <Link to="/settings" search={{ tab: 'subscription' }}>
            See the {plans.pro.name} plan
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}
