import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { z } from 'zod';
import { projectsContract as c } from '../../../schema/projects/contract';
import { channelCreate, channelDocName, channelSlug, type ChannelDto } from '../../../schema/projects/projects';
import { call, queryEndpoint } from '../../data/api';
import { useAuth } from '../../data/auth-store';
import { useSharedDoc, type DocStatus } from './yjs-docs';
import { docProblemMessages } from './yjs-close';
import { Button } from '../../ui/button';
import { EmptyState, Notice } from '../../ui/feedback';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import * as w from '../../ui/page.css';
import { useZodForm } from '../../kit/forms/use-zod-form';
import { serverMessage } from '../../kit/workspace-queries';
import type { Me } from './board';
import { useAnnounceSelf } from './presence';
import * as s from './projects.css';
import { Chat } from './team';

const route = getRouteApi('/protected/workspace/$workspaceId/project-manager/channels');

const channelKeys = { all: (ws: number) => ['channels', ws] as const };

/** The channels seen in a workspace, kept on the device so the list opens offline. */
const knownKey = (userId: number, ws: number) => `vuka-channels-${userId}-${ws}`;
const known = z.array(z.object({ name: z.string(), created_at: z.string() }));

function knownChannels(userId: number | undefined, ws: number): ChannelDto[] | null {
  if (userId === undefined) return null;
  try {
    const raw = localStorage.getItem(knownKey(userId, ws));
    return raw === null ? null : known.parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

const connectionWords: Record<DocStatus, string> = {
  connected: 'Live',
  connecting: 'Connecting…',
  offline: 'Offline: messages are kept on this device and sent when you are back online',
};

/**
 * /workspace/{id}/project-manager/channels: the workspace's team channels (every member may read,
 * write and start one), and the picked channel's messages, reactions and who is here and typing.
 * A channel is the Yjs document `channel:<workspace>:<name>`, kept on the device like a project.
 */
export function ChannelsPage() {
  const { workspaceId } = route.useParams();
  const { channel } = route.useSearch();
  const navigate = useNavigate();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: channelKeys.all(workspaceId),
    queryFn: () => queryEndpoint(c.channels, { params: { id: workspaceId } }),
  });
  useEffect(() => {
    if (list.data && user) {
      try {
        localStorage.setItem(knownKey(user.id, workspaceId), JSON.stringify(list.data.channels));
      } catch {
        // Storage refused: the list needs the network next time, nothing else.
      }
    }
  }, [list.data, user, workspaceId]);
  const channels = list.data?.channels ?? (list.isError ? knownChannels(user?.id, workspaceId) : null);
  const open = (name: string) =>
    void navigate({ to: '/workspace/$workspaceId/project-manager/channels', params: { workspaceId }, search: { channel: name } });

  const form = useZodForm(channelCreate, { name: '' });
  const create = useMutation({
    mutationFn: (name: string) => call(c.createChannel, { params: { id: workspaceId }, body: { name } }),
    onSuccess: (created) => {
      form.set('name', '');
      void queryClient.invalidateQueries({ queryKey: channelKeys.all(workspaceId) });
      open(created.name);
    },
  });
  const submit = form.handleSubmit((data) => create.mutate(data.name));
  const slug = channelSlug(form.values.name);
  const current = channel && channels?.some((ch) => ch.name === channel) ? channel : null;

  return (
    <section className={w.page} aria-labelledby="channels-title">
      <div className={w.stack} style={{ gap: '4px' }}>
        <Link to="/workspace/$workspaceId/project-manager" params={{ workspaceId }} className={w.small}>
          ← Projects
        </Link>
        <h1 id="channels-title" className={w.title}>
          Team channels
        </h1>
        <p className={w.muted}>Every member of the workspace can read and write here.</p>
      </div>
      <div className={s.channelLayout}>
        <nav className={s.channelNav} aria-label="Channels">
          {list.isPending ? <Spinner label="Loading channels" /> : null}
          {list.isError && channels === null ? (
            <Notice tone="warning" title="The channels could not be loaded">
              {serverMessage(list.error)}
            </Notice>
          ) : null}
          {channels && channels.length === 0 ? <p className={w.muted}>No channels yet. Start the first one.</p> : null}
          {channels && channels.length > 0 ? (
            <ul className={s.channelList}>
              {channels.map((ch) => (
                <li key={ch.name}>
                  <Link
                    to="/workspace/$workspaceId/project-manager/channels"
                    params={{ workspaceId }}
                    search={{ channel: ch.name }}
                    className={s.channelLink}
                    aria-current={ch.name === current ? 'page' : undefined}
                  >
                    # {ch.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <form className={w.stack} style={{ gap: '8px' }} onSubmit={submit} noValidate aria-label="New channel">
            <TextField
              label="New channel"
              placeholder="e.g. Market day"
              description={slug ? `It will be #${slug}` : undefined}
              {...form.field('name')}
            />
            {create.isError ? <p className={w.fieldError}>{serverMessage(create.error)}</p> : null}
            <Button type="submit" variant="secondary" isPending={create.isPending}>
              Create channel
            </Button>
          </form>
        </nav>
        <div className={s.channelMain}>
          {current && user ? (
            <ChannelChat workspaceId={workspaceId} name={current} me={{ id: user.id, name: user.full_name || user.email }} />
          ) : channels && channels.length > 0 ? (
            <EmptyState title="Pick a channel">Choose a channel to read and write its messages.</EmptyState>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function ChannelChat({ workspaceId, name, me }: { workspaceId: number; name: string; me: Me }) {
  const shared = useSharedDoc(me.id, channelDocName(workspaceId, name));
  const awareness = shared?.awareness ?? null;
  useAnnounceSelf(awareness, me);
  return (
    <section className={w.stack} aria-labelledby="channel-title">
      <div className={w.titleBar}>
        <h2 id="channel-title" className={w.sectionTitle} style={{ margin: 0 }}>
          # {name}
        </h2>
        <p className={s.connection} role="status" data-testid="doc-status">
          {shared?.problem ? docProblemMessages[shared.problem] : connectionWords[shared?.status ?? 'connecting']}
        </p>
      </div>
      {!shared || (!shared.loaded && shared.status !== 'connected') ? (
        <Spinner label="Opening the channel" />
      ) : (
        <Chat doc={shared.doc} awareness={awareness} me={me} />
      )}
    </section>
  );
}
