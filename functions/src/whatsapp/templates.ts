// Message templates (/marketing → Plantillas WhatsApp): created in Trato and submitted to the
// platform at once (status pending), kept in waTemplates/ with where each variable takes its
// value; the platform's verdict arrives by webhook (message_template_status_update) or with
// 'Actualizar estados' (syncWaTemplates). Deleting removes it on the platform and in Trato.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';

import {
  paths,
  templateProblems,
  WA_TEMPLATE_STATUSES,
  WHATSAPP_TEMPLATES_MAX,
  type WaTemplate,
  type WaTemplateInput,
  type WaTemplateStatus,
  type WhatsAppCallables,
} from '@trato/model';

import type { Caller } from '../common/caller.js';
import { requireMemberWith } from '../common/access.js';
import { fail } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { loadChannel, markChannelBroken, type ChannelAccess } from './channel.js';
import { graphRequest, type GraphConfig } from './graph.js';

type TS = FirebaseFirestore.Timestamp;

/** Graph's upper-case status as Trato's (any other — IN_APPEAL, PENDING_DELETION — reads as pending). */
export function templateStatusOf(graphStatus: string | null | undefined): WaTemplateStatus {
  const status = (graphStatus ?? '').toLowerCase();
  return WA_TEMPLATE_STATUSES.find((s) => s === status) ?? 'pending';
}

/** The template's components as Graph takes them, with an example value for each variable. */
export function graphComponents(template: WaTemplateInput): unknown[] {
  const samples = template.variables.map((v) => v.fallback || `Ejemplo ${v.source}`);
  const headerVariables = (template.header?.match(/\{\{\s*\d+\s*\}\}/g) ?? []).length;
  const components: unknown[] = [];
  if (template.header)
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: template.header,
      ...(headerVariables && { example: { header_text: samples.slice(0, headerVariables) } }),
    });
  const bodySamples = samples.slice(headerVariables);
  components.push({
    type: 'BODY',
    text: template.body,
    ...(bodySamples.length && { example: { body_text: [bodySamples] } }),
  });
  if (template.footer) components.push({ type: 'FOOTER', text: template.footer });
  if (template.buttons.length)
    components.push({
      type: 'BUTTONS',
      buttons: template.buttons.map((text) => ({ type: 'QUICK_REPLY', text })),
    });
  return components;
}

async function requireConnected(firestore: Firestore, config: GraphConfig, organizationId: string) {
  const access = await loadChannel(firestore, config, organizationId);
  if (!access) fail('failed-precondition', 'Connect a WhatsApp number first.', { reason: 'not-connected' });
  return access;
}

export async function createWaTemplateCore(
  firestore: Firestore,
  config: GraphConfig,
  caller: Caller,
  data: unknown,
  nowMs = Date.now(),
): Promise<WhatsAppCallables['createWaTemplate']['out']> {
  const { organizationId, ...input } = parseInput('createWaTemplate', data);
  const template: WaTemplateInput = { ...input, header: input.header ?? null, footer: input.footer ?? null };
  await requireMemberWith(firestore, organizationId, caller.uid, nowMs, ['marketing', 'create']);
  const problems = templateProblems(template);
  if (problems.length)
    fail('invalid-argument', `The template is not valid: ${problems.join(', ')}.`, {
      reason: 'template-invalid',
    });
  const collection = firestore.collection(paths.collection(organizationId, 'waTemplates'));
  const [count, same] = await Promise.all([
    collection.count().get(),
    collection.where('name', '==', template.name).where('language', '==', template.language).limit(1).get(),
  ]);
  if (!same.empty)
    fail('already-exists', 'A template with this name and language exists.', { reason: 'template-exists' });
  if (count.data().count >= WHATSAPP_TEMPLATES_MAX)
    fail('resource-exhausted', 'The organization has as many templates as it may.', {
      reason: 'too-many-templates',
    });
  const access = await requireConnected(firestore, config, organizationId);
  const created = await graphRequest<{ id: string; status: string }>(
    config,
    access.token,
    'POST',
    `${access.channel.wabaId}/message_templates`,
    {
      name: template.name,
      language: template.language,
      category: template.category.toUpperCase(),
      components: graphComponents(template),
    },
  );
  if (!created.ok) {
    if (created.failure === 'auth') await markChannelBroken(firestore, organizationId, created.message);
    if (/already exists/i.test(created.message))
      fail('already-exists', created.message, { reason: 'template-exists' });
    if (created.failure === 'rate-limited')
      fail('resource-exhausted', created.message, { reason: 'rate-limited' });
    if (created.failure === 'auth') fail('failed-precondition', created.message, { reason: 'not-connected' });
    fail('invalid-argument', `WhatsApp refused the template: ${created.message}`, {
      reason: 'template-invalid',
    });
  }
  const ref = collection.doc();
  const now = FieldValue.serverTimestamp();
  const stored: WaTemplate<FieldValue> = {
    ...template,
    status: templateStatusOf(created.data.status),
    rejectedReason: null,
    graphId: created.data.id,
    createdAt: now,
    createdBy: caller.uid,
    updatedAt: now,
  };
  await ref.set(stored);
  return { templateId: ref.id, status: stored.status };
}

export async function deleteWaTemplateCore(
  firestore: Firestore,
  config: GraphConfig,
  caller: Caller,
  data: unknown,
  nowMs = Date.now(),
): Promise<WhatsAppCallables['deleteWaTemplate']['out']> {
  const { organizationId, templateId } = parseInput('deleteWaTemplate', data);
  await requireMemberWith(firestore, organizationId, caller.uid, nowMs, ['marketing', 'delete']);
  const ref = firestore.doc(paths.doc(organizationId, 'waTemplates', templateId));
  const template = (await ref.get()).data() as WaTemplate<TS> | undefined;
  if (!template) return { deleted: false };
  const access = await loadChannel(firestore, config, organizationId);
  if (access) {
    const query = new URLSearchParams({
      name: template.name,
      ...(template.graphId && { hsm_id: template.graphId }),
    });
    const removed = await graphRequest(
      config,
      access.token,
      'DELETE',
      `${access.channel.wabaId}/message_templates?${query}`,
    );
    // Already gone on the platform is fine; anything else keeps it (nothing half-deleted).
    if (!removed.ok && removed.status !== 404 && removed.code !== 100) {
      if (removed.failure === 'rate-limited')
        fail('resource-exhausted', removed.message, { reason: 'rate-limited' });
      fail('unavailable', `WhatsApp did not delete the template: ${removed.message}`, {
        reason: 'not-connected',
      });
    }
  }
  await ref.delete();
  return { deleted: true };
}

interface GraphTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  rejected_reason?: string;
}

/** Applies the platform's status to the kept template with that platform id or name + language. */
export async function applyTemplateStatus(
  firestore: Firestore,
  organizationId: string,
  update: {
    graphId?: string | null;
    name?: string;
    language?: string;
    status: WaTemplateStatus;
    reason: string | null;
  },
): Promise<boolean> {
  const collection = firestore.collection(paths.collection(organizationId, 'waTemplates'));
  let snap = update.graphId ? await collection.where('graphId', '==', update.graphId).limit(1).get() : null;
  if ((!snap || snap.empty) && update.name && update.language)
    snap = await collection
      .where('name', '==', update.name)
      .where('language', '==', update.language.slice(0, 2))
      .limit(1)
      .get();
  const doc = snap?.docs[0];
  if (!doc) return false;
  const current = doc.data() as WaTemplate<TS>;
  const rejectedReason =
    update.status === 'rejected' && update.reason && update.reason !== 'NONE' ? update.reason : null;
  if (current.status === update.status && current.rejectedReason === rejectedReason) return false;
  await doc.ref.update({ status: update.status, rejectedReason, updatedAt: FieldValue.serverTimestamp() });
  return true;
}

export async function syncWaTemplatesCore(
  firestore: Firestore,
  config: GraphConfig,
  caller: Caller,
  data: unknown,
  nowMs = Date.now(),
): Promise<WhatsAppCallables['syncWaTemplates']['out']> {
  const { organizationId } = parseInput('syncWaTemplates', data);
  await requireMemberWith(firestore, organizationId, caller.uid, nowMs, ['marketing', 'view']);
  const access = await requireConnected(firestore, config, organizationId);
  return { updated: await pullTemplateStatuses(firestore, config, access) };
}

/** Reads every template of the account (paged) and applies the statuses that changed. */
async function pullTemplateStatuses(firestore: Firestore, config: GraphConfig, access: ChannelAccess) {
  let updated = 0;
  let after: string | null = null;
  for (let page = 0; page < 20; page++) {
    const query = new URLSearchParams({ fields: 'name,status,language,rejected_reason', limit: '100' });
    if (after) query.set('after', after);
    const listed = await graphRequest<{
      data: GraphTemplate[];
      paging?: { cursors?: { after?: string }; next?: string };
    }>(config, access.token, 'GET', `${access.channel.wabaId}/message_templates?${query}`);
    if (!listed.ok) {
      if (listed.failure === 'auth')
        await markChannelBroken(firestore, access.organizationId, listed.message);
      if (listed.failure === 'rate-limited')
        fail('resource-exhausted', listed.message, { reason: 'rate-limited' });
      fail('unavailable', `WhatsApp did not list the templates: ${listed.message}`, {
        reason: 'not-connected',
      });
    }
    for (const t of listed.data.data)
      if (
        await applyTemplateStatus(firestore, access.organizationId, {
          graphId: t.id,
          name: t.name,
          language: t.language,
          status: templateStatusOf(t.status),
          reason: t.rejected_reason ?? null,
        })
      )
        updated += 1;
    after = listed.data.paging?.next ? (listed.data.paging.cursors?.after ?? null) : null;
    if (!after) break;
  }
  return updated;
}
