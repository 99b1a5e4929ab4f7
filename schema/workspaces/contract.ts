import { z } from 'zod';
import { idParam, text } from '../kit/input.js';
import { endpoint, okBody } from '../kit/http.js';
import {
  capabilitiesDto,
  invitationCreate,
  invitationPreview,
  memberDto,
  workspaceAutoCreate,
  workspaceCreate,
  workspaceDto,
  workspacePatch,
  workspaceRole,
  workspaceSettings,
  workspaceSettingsPatch,
} from './workspaces.js';

const id = z.object({ id: idParam });
const member = z.object({ id: idParam, memberId: idParam });

/** Workspace endpoints (spec §7 "Workspaces") plus members, invitations, settings and capabilities. */
export const workspacesContract = {
  list: endpoint({ method: 'GET', path: '/api/workspaces', response: z.array(workspaceDto) }),
  get: endpoint({ method: 'GET', path: '/api/workspaces/:id', params: id, response: workspaceDto }),
  create: endpoint({ method: 'POST', path: '/api/workspaces', body: workspaceCreate, response: workspaceDto }),
  autoCreate: endpoint({
    method: 'POST',
    path: '/api/workspaces/auto-create',
    body: workspaceAutoCreate,
    response: workspaceDto,
  }),
  update: endpoint({ method: 'PATCH', path: '/api/workspaces/:id', params: id, body: workspacePatch, response: workspaceDto }),
  remove: endpoint({ method: 'DELETE', path: '/api/workspaces/:id', params: id, response: okBody }),
  getSettings: endpoint({ method: 'GET', path: '/api/workspaces/:id/settings', params: id, response: workspaceSettings }),
  updateSettings: endpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/settings',
    params: id,
    body: workspaceSettingsPatch,
    response: workspaceSettings,
  }),
  capabilities: endpoint({ method: 'GET', path: '/api/workspaces/:id/capabilities', params: id, response: capabilitiesDto }),
  members: endpoint({ method: 'GET', path: '/api/workspaces/:id/members', params: id, response: z.array(memberDto) }),
  invite: endpoint({
    method: 'POST',
    path: '/api/workspaces/:id/invitations',
    params: id,
    body: invitationCreate,
    response: memberDto,
  }),
  updateMember: endpoint({
    method: 'PATCH',
    path: '/api/workspaces/:id/members/:memberId',
    params: member,
    body: z.object({ role: workspaceRole }),
    response: memberDto,
  }),
  removeMember: endpoint({ method: 'DELETE', path: '/api/workspaces/:id/members/:memberId', params: member, response: okBody }),
  /** Open to anyone holding the link's token (signed in or not); the token travels in the body, out of request logs. */
  previewInvitation: endpoint({
    method: 'POST',
    path: '/api/invitations/preview',
    body: z.object({ token: text().min(10).max(200) }),
    response: invitationPreview,
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/api/invitations/accept',
    body: z.object({ token: text().min(10).max(200) }),
    response: workspaceDto,
  }),
} as const;
