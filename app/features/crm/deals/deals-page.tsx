import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  Button as AriaButton,
  DropIndicator,
  GridList,
  GridListItem,
  isTextDropItem,
  useDragAndDrop,
  type DropItem,
  type ItemDropTarget,
} from 'react-aria-components';
import { forecastByMonth, LOST_REASONS, type Deal } from '../../../../schema/crm/deals';
import { formatCents } from '../../../../schema/kit/money';
import type { UserData } from '../../../data/db';
import { DeviceDataGate } from '../../../kit/device-data-gate';
import { useWorkspaceDates } from '../../../kit/date-format';
import { useWorkspace, useWorkspaceSettings } from '../../../kit/workspace-queries';
import { Button } from '../../../ui/button';
import { DateField } from '../../../ui/date-fields';
import { EmptyState } from '../../../ui/feedback';
import { SelectField } from '../../../ui/form-controls';
import { ModalDialog } from '../../../ui/modal-dialog';
import * as w from '../../../ui/page.css';
import { PageSpinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast-store';
import { useContacts } from '../use-contacts';
import {
  dealColumns,
  dealFromDraft,
  lostDeal,
  positionAt,
  type DealColumn,
  type DealDraft,
  type DealErrors,
  type StageView,
} from './deals-model';
import * as s from './deals.css';
import { addDefaultPipeline, changeDeal, createDeal, useDeals, usePipelines } from './use-deals';

const route = getRouteApi('/protected/workspace/$workspaceId/crm/deals');
const DEAL_TYPE = 'application/x-vuka-deal';

/** /workspace/{id}/crm/deals: the sales board, read and written on this device (works offline). */
export function DealsPage() {
  const { workspaceId } = route.useParams();
  return <DeviceDataGate>{(data) => <DealsBoard data={data} workspaceId={workspaceId} />}</DeviceDataGate>;
}

const emptyDraft = (stageId: string): DealDraft => ({ title: '', value: '', stage_id: stageId, expected_close_date: '', contact_id: '' });

function DealsBoard({ data, workspaceId }: { data: UserData; workspaceId: number }) {
  const { pipelines, stages } = usePipelines(data, workspaceId);
  const [picked, setPicked] = useState<string | null>(null);
  const pipeline = pipelines?.find((p) => p.id === picked) ?? pipelines?.[0] ?? null;
  const list = useDeals(data, workspaceId, pipeline?.id ?? null);
  const { contacts } = useContacts(data, workspaceId);
  const currency = useWorkspaceSettings(workspaceId).data?.currency ?? 'ZAR';
  const role = useWorkspace(workspaceId).data?.role;
  const dates = useWorkspaceDates();
  const [adding, setAdding] = useState<DealDraft | null>(null);
  const [losing, setLosing] = useState<Deal | null>(null);

  const own = useMemo(() => (stages ?? []).filter((st) => st.pipeline_id === pipeline?.id), [stages, pipeline?.id]);
  const columns = useMemo(() => dealColumns(own, list ?? []), [own, list]);
  const forecast = useMemo(() => forecastByMonth(list ?? []), [list]);
  const contactName = (id: string | undefined) => (id ? contacts?.find((c) => c.id === id)?.name : undefined);

  if (pipelines === null || stages === null) return <PageSpinner label="Loading the deals" />;

  const now = () => new Date().toISOString();
  const move = async (deal: Deal, stage: StageView, position: string) => {
    const changes: Partial<Deal> = { stage_id: stage.id, position };
    // A deal moved to another stage takes that stage's probability (its default, issue 38).
    if (stage.id !== deal.stage_id) changes.probability = stage.probability;
    await changeDeal(data, deal.id, changes, now());
  };
  const moveTo = async (deal: Deal, stage: StageView, index: number) => {
    const column = columns.find((c) => c.stage.id === stage.id)?.deals ?? [];
    await move(deal, stage, positionAt(column, deal.id, index));
  };

  const header = (
    <div className={s.header}>
      <div className={w.stack} style={{ gap: 4 }}>
        <h1 className={w.title}>Deals</h1>
        <p className={w.muted}>
          <Link to="/workspace/$workspaceId/crm" params={{ workspaceId }}>
            Contacts
          </Link>
        </p>
      </div>
      {pipeline ? (
        <div className={w.row}>
          {pipelines.length > 1 ? (
            <SelectField
              label="Pipeline"
              value={pipeline.id}
              options={pipelines.map((p) => ({ value: p.id, label: p.name }))}
              onChange={(id) => setPicked(id)}
            />
          ) : null}
          <Button onPress={() => setAdding(emptyDraft(columns[0]?.stage.id ?? ''))} isDisabled={columns.length === 0}>
            New deal
          </Button>
        </div>
      ) : null}
    </div>
  );

  if (!pipeline) {
    const canSetUp = role === 'owner' || role === 'admin';
    return (
      <div className={w.page}>
        {header}
        <EmptyState title="No sales pipeline yet">
          {canSetUp ? (
            <Button
              onPress={async () => {
                setPicked(await addDefaultPipeline(data, workspaceId, now()));
                toast({ title: 'Pipeline added' });
              }}
            >
              Start with the usual five stages
            </Button>
          ) : (
            <p className={w.muted}>An owner or admin of the workspace sets up the first pipeline.</p>
          )}
        </EmptyState>
      </div>
    );
  }

  return (
    <div className={w.page}>
      <div className={w.stack}>
        {header}
        <div className={s.board} role="group" aria-label={`${pipeline.name} board`}>
          {columns.map((col) => (
            <StageColumn
              key={col.stage.id}
              column={col}
              stages={columns.map((c) => c.stage)}
              currency={currency}
              contactName={contactName}
              formatDate={(d) => dates.date(d)}
              onMove={moveTo}
              onWon={async (d) => {
                await changeDeal(data, d.id, { status: 'won', actual_close_date: dates.today(), lost_reason: undefined }, now());
                toast({ title: `${d.title} won` });
              }}
              onLost={(d) => setLosing(d)}
              onReopen={async (d) => {
                await changeDeal(data, d.id, { status: 'open', actual_close_date: undefined, lost_reason: undefined }, now());
              }}
            />
          ))}
        </div>
        <Forecast rows={forecast} />
      </div>
      {adding ? (
        <NewDealDialog
          draft={adding}
          stages={columns.map((c) => c.stage)}
          contacts={(contacts ?? []).map((c) => ({ value: c.id, label: c.name }))}
          onClose={() => setAdding(null)}
          onSave={async (draft) => {
            const stage = columns.find((c) => c.stage.id === draft.stage_id);
            const built = dealFromDraft(draft, {
              id: crypto.randomUUID(),
              workspace_id: workspaceId,
              pipeline_id: pipeline.id,
              stage: stage?.stage,
              currency,
              column: stage?.deals ?? [],
              now: now(),
            });
            if (!built.ok) return built.errors;
            await createDeal(data, built.doc);
            toast({ title: 'Deal added' });
            setAdding(null);
            return null;
          }}
        />
      ) : null}
      {losing ? (
        <LostDialog
          deal={losing}
          onClose={() => setLosing(null)}
          onSave={async (reason) => {
            const lost = lostDeal(losing, reason, dates.today(), now());
            if (!lost.ok) return lost.message;
            await changeDeal(
              data,
              losing.id,
              { status: 'lost', lost_reason: lost.doc.lost_reason, actual_close_date: lost.doc.actual_close_date },
              now(),
            );
            toast({ title: `${losing.title} lost` });
            setLosing(null);
            return null;
          }}
        />
      ) : null}
    </div>
  );
}

async function droppedIds(items: readonly DropItem[]): Promise<string[]> {
  const ids = await Promise.all(items.filter(isTextDropItem).map((item) => item.getText(DEAL_TYPE)));
  return ids.filter((id) => id.length > 0);
}

const statusText = { open: null, won: 'Won', lost: 'Lost' } as const;

/**
 * One stage's column: its count, open total and weighted total, and its cards. A card moves by
 * dragging with a mouse, from the keyboard (focus a card, Right to its handle, Enter, Tab to the
 * place, Enter) through react-aria, or by choosing its stage from the card's own list (a finger).
 */
function StageColumn({
  column,
  stages,
  currency,
  contactName,
  formatDate,
  onMove,
  onWon,
  onLost,
  onReopen,
}: {
  column: DealColumn;
  stages: StageView[];
  currency: string;
  contactName: (id: string | undefined) => string | undefined;
  formatDate: (date: string) => string;
  onMove: (deal: Deal, stage: StageView, index: number) => Promise<void>;
  onWon: (deal: Deal) => Promise<void>;
  onLost: (deal: Deal) => void;
  onReopen: (deal: Deal) => Promise<void>;
}) {
  const { stage, deals } = column;
  const byId = (id: string) => deals.find((d) => d.id === id);
  const indexAt = (ids: readonly string[], target: ItemDropTarget) => {
    const others = deals.filter((d) => !ids.includes(d.id));
    const at = others.findIndex((d) => d.id === String(target.key));
    if (at < 0) return others.length;
    return target.dropPosition === 'after' ? at + 1 : at;
  };
  const moveIds = async (ids: readonly string[], index: number, from: (id: string) => Deal | undefined) => {
    for (const [i, id] of ids.entries()) {
      const deal = from(id);
      if (deal) await onMove(deal, stage, index + i);
    }
  };
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => {
        const d = byId(String(key));
        if (d) dragged.set(d.id, d);
        return { [DEAL_TYPE]: String(key), 'text/plain': d?.title ?? '' };
      }),
    acceptedDragTypes: [DEAL_TYPE],
    getDropOperation: () => 'move',
    onReorder: (e) => {
      const ids = [...e.keys].map(String);
      void moveIds(ids, indexAt(ids, e.target), byId);
    },
    onInsert: async (e) => {
      const ids = await droppedIds(e.items);
      await moveIds(ids, indexAt(ids, e.target), (id) => dragged.get(id));
    },
    onRootDrop: async (e) => {
      const ids = await droppedIds(e.items);
      await moveIds(ids, deals.filter((d) => !ids.includes(d.id)).length, (id) => dragged.get(id));
    },
    renderDropIndicator: (target) => <DropIndicator target={target} className={s.dropIndicator} />,
  });

  return (
    <section className={s.column} aria-label={stage.name} data-testid={`stage-${stage.name}`}>
      <div className={s.columnHead}>
        <h2 className={s.columnName}>
          <span className={s.dot} style={{ background: stage.color }} aria-hidden="true" />
          <span>{stage.name}</span>
          <span className={w.badge.neutral} aria-label={`${column.count} deals`}>
            {column.count}
          </span>
        </h2>
        <span className={s.columnMoney} data-testid="stage-total">
          {formatCents(column.total_cents, currency)} open · {formatCents(column.weighted_cents, currency)} weighted
        </span>
      </div>
      <GridList
        aria-label={`${stage.name} deals`}
        className={s.dealList}
        items={deals}
        dragAndDropHooks={dragAndDropHooks}
        renderEmptyState={() => <p className={s.empty}>No deals</p>}
      >
        {(deal) => (
          <GridListItem id={deal.id} textValue={deal.title} className={s.card} data-deal-id={deal.id}>
            <AriaButton slot="drag" className={s.dragHandle} aria-label={`Move ${deal.title}`}>
              ⠿
            </AriaButton>
            <div className={s.cardBody}>
              <span className={s.cardTitle}>{deal.title}</span>
              <span className={s.cardMeta}>
                <span>{formatCents(deal.value_cents, deal.currency)}</span>
                <span>{deal.probability}%</span>
                {contactName(deal.contact_id) ? <span>{contactName(deal.contact_id)}</span> : null}
                {deal.expected_close_date ? <span>Close {formatDate(deal.expected_close_date)}</span> : null}
                {statusText[deal.status] ? (
                  <span className={deal.status === 'won' ? w.badge.accent : w.badge.neutral}>
                    {statusText[deal.status]}
                    {deal.status === 'lost' && deal.lost_reason ? `: ${deal.lost_reason}` : ''}
                  </span>
                ) : null}
              </span>
              <span className={s.cardActions}>
                <select
                  className={s.stageSelect}
                  aria-label={`Stage of ${deal.title}`}
                  value={stage.id}
                  onChange={(e) => {
                    const to = stages.find((st) => st.id === e.target.value);
                    if (to) void onMove(deal, to, Number.MAX_SAFE_INTEGER);
                  }}
                >
                  {stages.map((st) => (
                    <option key={st.id} value={st.id}>
                      {st.name}
                    </option>
                  ))}
                </select>
                {deal.status === 'open' ? (
                  <>
                    <Button
                      variant="secondary"
                      className={s.cardButton}
                      onPress={() => void onWon(deal)}
                      aria-label={`Mark ${deal.title} won`}
                    >
                      Won
                    </Button>
                    <Button
                      variant="secondary"
                      className={s.cardButton}
                      onPress={() => onLost(deal)}
                      aria-label={`Mark ${deal.title} lost`}
                    >
                      Lost
                    </Button>
                  </>
                ) : (
                  <Button
                    variant="secondary"
                    className={s.cardButton}
                    onPress={() => void onReopen(deal)}
                    aria-label={`Reopen ${deal.title}`}
                  >
                    Reopen
                  </Button>
                )}
              </span>
            </div>
          </GridListItem>
        )}
      </GridList>
    </section>
  );
}

/** Deals dragged from any column, by id, so the column they land in can move them (the drag carries only the id). */
const dragged = new Map<string, Deal>();

/** The forecast per month (issue 38): the device's figures, the same to the cent as the server's. */
function Forecast({ rows }: { rows: ReturnType<typeof forecastByMonth> }) {
  const dates = useWorkspaceDates();
  return (
    <section aria-labelledby="forecast-title" className={w.stack} style={{ gap: 8 }}>
      <h2 id="forecast-title" className={w.sectionTitle}>
        Forecast
      </h2>
      {rows.length === 0 ? (
        <p className={w.muted}>Give deals an expected close date to see them here.</p>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table className={s.table} data-testid="forecast">
            <thead>
              <tr>
                <th className={s.th} scope="col">
                  Month
                </th>
                <th className={`${s.th} ${s.num}`} scope="col">
                  Won
                </th>
                <th className={`${s.th} ${s.num}`} scope="col">
                  Weighted open
                </th>
                <th className={`${s.th} ${s.num}`} scope="col">
                  Forecast
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.month} ${r.currency}`}>
                  <th className={`${s.td} ${s.num}`} scope="row" style={{ textAlign: 'left' }}>
                    {dates.month(r.month)}
                    {rows.some((x) => x.currency !== rows[0].currency) ? ` (${r.currency})` : ''}
                  </th>
                  <td className={`${s.td} ${s.num}`}>{formatCents(r.won_cents, r.currency)}</td>
                  <td className={`${s.td} ${s.num}`}>{formatCents(r.weighted_cents, r.currency)}</td>
                  <td className={`${s.td} ${s.num}`}>{formatCents(r.forecast_cents, r.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function NewDealDialog({
  draft: first,
  stages,
  contacts,
  onClose,
  onSave,
}: {
  draft: DealDraft;
  stages: StageView[];
  contacts: { value: string; label: string }[];
  onClose: () => void;
  onSave: (draft: DealDraft) => Promise<DealErrors | null>;
}) {
  const [draft, setDraft] = useState(first);
  const [errors, setErrors] = useState<DealErrors>({});
  const set = <K extends keyof DealDraft>(key: K) => ({
    value: draft[key],
    onChange: (v: string) => setDraft((d) => ({ ...d, [key]: v })),
    error: errors[key],
  });
  return (
    <ModalDialog title="New deal" isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <form
        className={w.dialogBody}
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setErrors((await onSave(draft)) ?? {});
        }}
      >
        <TextField label="Title" autoFocus {...set('title')} />
        <TextField label="Value" inputMode="decimal" placeholder="0.00" {...set('value')} />
        <SelectField
          label="Stage"
          value={draft.stage_id}
          options={stages.map((st) => ({ value: st.id, label: `${st.name} (${st.probability}%)` }))}
          onChange={(v) => setDraft((d) => ({ ...d, stage_id: v }))}
          error={errors.stage_id}
        />
        <SelectField
          label="Contact"
          value={draft.contact_id}
          options={[{ value: '', label: 'None' }, ...contacts]}
          onChange={(v) => setDraft((d) => ({ ...d, contact_id: v }))}
        />
        <DateField label="Expected close date" {...set('expected_close_date')} />
        <div className={w.formActions}>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit">Add deal</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Lost asks why (issue 38): a reason from the list or typed. */
function LostDialog({ deal, onClose, onSave }: { deal: Deal; onClose: () => void; onSave: (reason: string) => Promise<string | null> }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <ModalDialog title={`Why was ${deal.title} lost?`} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <form
        className={w.dialogBody}
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setError((await onSave(reason)) ?? undefined);
        }}
      >
        <div className={s.reasons} role="group" aria-label="Common reasons">
          {LOST_REASONS.map((r) => (
            <Button key={r} variant="secondary" onPress={() => setReason(r)}>
              {r}
            </Button>
          ))}
        </div>
        <TextField label="Reason" value={reason} onChange={setReason} error={error} />
        <div className={w.formActions}>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit">Mark lost</Button>
        </div>
      </form>
    </ModalDialog>
  );
}
